// CSES 1624: prints "92" lines forever (it stops only if a write fails). Expected verdict:
// OLE (more than the 64 MiB output cap), the run killed at the cap.
#include <cstdio>

int main() {
    static char chunk[1 << 16];
    for (unsigned at = 0; at + 3 <= sizeof chunk; at += 3) {
        chunk[at] = '9';
        chunk[at + 1] = '2';
        chunk[at + 2] = '\n';
    }
    const unsigned used = (sizeof chunk / 3) * 3;
    for (;;) {
        if (std::fwrite(chunk, 1, used, stdout) != used) return 1;
    }
}
