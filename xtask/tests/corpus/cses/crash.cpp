// CSES 1624: crashes -- writes through a null pointer (read through a volatile, so the
// compiler cannot see it is null and must really do the store). Expected verdict: RE, the
// detail naming SIGSEGV (signal 11).
#include <iostream>
#include <string>

int main() {
    std::string board[8];
    for (auto &row : board) std::cin >> row;
    int *volatile counts = nullptr;
    counts[0] = 92;
    std::cout << counts[0] << "\n";
    return 0;
}
