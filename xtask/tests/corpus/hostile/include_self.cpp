// HOSTILE (build), CSES 1624 whole program: includes itself twice, an exponential build that never
// ends. The compiler is stopped at its 10 s of CPU time: CE, not cached.
#include __FILE__
#include __FILE__
int main() { return 0; }
