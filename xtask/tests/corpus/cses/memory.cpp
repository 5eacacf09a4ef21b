// CSES 1624: allocates 1 GiB in 64 MiB blocks, every page of them resident, so the resident size
// really grows past the 512 MB limit (an address-space cap makes a later allocation fail, which
// throws std::bad_alloc instead; either way). Expected verdict: MLE.
// Each block is mapped with MAP_POPULATE, the kernel faulting its pages in at once: touched page by
// page from user space, reaching 512 MB took 0.5 to 0.65 s of CPU time on a quiet Zen 3 virtual
// machine, and more than its 1 s while other tests ran, so that the verdict was TLE before MLE.
#include <cstddef>
#include <iostream>
#include <new>
#include <vector>

#include <sys/mman.h>

int main() {
    const std::size_t block = std::size_t(64) << 20;
    std::vector<char *> hoard;
    unsigned long long checksum = 0;
    for (int i = 0; i < 16; ++i) {  // 16 x 64 MiB = 1 GiB
        void *mapped = mmap(nullptr, block, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
        if (mapped == MAP_FAILED) throw std::bad_alloc();
        char *bytes = static_cast<char *>(mapped);
        hoard.push_back(bytes);
        for (std::size_t at = 0; at < block; at += 4096) bytes[at] = char(i + at);
        checksum += static_cast<unsigned char>(bytes[block / 2]);
    }
    // Never reached under the limit; without one it prints a right answer for the empty board.
    std::cout << (checksum > 0 ? 92 : 0) << "\n";
    return 0;
}
