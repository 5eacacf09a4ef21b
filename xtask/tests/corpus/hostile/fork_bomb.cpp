// HOSTILE (processes), CSES 1624 whole program: a fork bomb. It names itself "qj-forkbomb"
// (prctl PR_SET_NAME; children inherit the name) and forks without end, ignoring failed forks,
// so every process spins forever. NEVER RUN IT OUTSIDE A SANDBOX THAT CAPS PROCESSES (a pids
// cgroup, or RLIMIT_NPROC for a non-root user -- root ignores RLIMIT_NPROC).
// Expected verdict: RE, a run being one process (its first fork kills it, SIGSYS); and after the
// verdict no process named "qj-forkbomb" may be left (see /proc/*/comm).
#include <sys/prctl.h>
#include <unistd.h>

int main() {
    prctl(PR_SET_NAME, "qj-forkbomb", 0, 0, 0);
    for (;;) fork();
}
