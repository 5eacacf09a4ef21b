// CSES 1624: allocates 1 GiB in 64 MiB blocks and touches every page, so the resident size
// really grows past the 512 MB limit (an address-space cap makes a later allocation throw
// std::bad_alloc instead; either way). Expected verdict: MLE.
#include <cstddef>
#include <iostream>
#include <vector>

int main() {
    const std::size_t block = std::size_t(64) << 20;
    std::vector<std::vector<char>> hoard;
    unsigned long long checksum = 0;
    for (int i = 0; i < 16; ++i) {  // 16 x 64 MiB = 1 GiB
        hoard.emplace_back(block);
        std::vector<char> &bytes = hoard.back();
        for (std::size_t at = 0; at < block; at += 4096) bytes[at] = char(i + at);
        checksum += static_cast<unsigned char>(bytes[block / 2]);
    }
    // Never reached under the limit; without one it prints a right answer for the empty board.
    std::cout << (checksum > 0 ? 92 : 0) << "\n";
    return 0;
}
