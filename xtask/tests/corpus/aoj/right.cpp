// AOJ ALDS1_13_A "8 Queens Problem": tries every order of the columns (std::next_permutation,
// 8! of them) and prints the first that keeps the placed queens with no two on a diagonal.
// Expected verdict: AC.
#include <algorithm>
#include <iostream>
#include <vector>

int main() {
    int k;
    std::cin >> k;
    std::vector<std::pair<int, int>> placed(k);
    for (auto &[r, c] : placed) std::cin >> r >> c;
    std::vector<int> columns{0, 1, 2, 3, 4, 5, 6, 7};
    do {
        bool keeps = std::all_of(placed.begin(), placed.end(), [&](auto q) { return columns[q.first] == q.second; });
        bool apart = true;
        for (int a = 0; a < 8 && apart; ++a)
            for (int b = a + 1; b < 8; ++b)
                if (std::abs(columns[a] - columns[b]) == b - a) apart = false;
        if (keeps && apart) {
            for (int row = 0; row < 8; ++row) {
                for (int c = 0; c < 8; ++c) std::cout << (columns[row] == c ? 'Q' : '.');
                std::cout << '\n';
            }
            return 0;
        }
    } while (std::next_permutation(columns.begin(), columns.end()));
    return 0;
}
