# Run inside gdb after the keypath tool's trace.py (`-ex 'python exec(open(PATH).read())'`):
# writes OUT.calls, how often each watched function ran ("CALLS<TAB>MANGLED-NAME"), from the
# breakpoints trace.py made (its OUT.counts gives only gdb's breakpoint numbers).
import gc

with open(OUT + '.calls', 'w') as calls_file:
    for watched in gc.get_objects():
        if isinstance(watched, B) and hits.get(watched.number):
            calls_file.write('%d\t%s\n' % (hits[watched.number], watched.sym))
