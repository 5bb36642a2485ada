/// A length in cells as the descriptions of ``Point``, ``Size`` and ``Rect``
/// write it: whole numbers without a fraction ("12", not "12.0").
func fmt(_ v: Double) -> String {
  v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
