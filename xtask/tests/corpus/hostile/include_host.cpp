// HOSTILE (build), CSES 1624 whole program: includes a host file at compile time, to quote it in
// the compiler's message. The build sees no /etc: CE, "No such file".
#include "/etc/passwd"
int main() { return 0; }
