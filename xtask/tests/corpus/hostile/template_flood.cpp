// HOSTILE (build), CSES 1624 whole program: a type error on a deeply nested type, whose message
// runs to many kilobytes. The CE shows its first lines; the judge keeps 64 KiB of it.
#include <map>
#include <vector>
using Deep = std::map<std::vector<std::map<int, std::vector<std::map<int, int>>>>, std::map<std::vector<int>, std::vector<std::map<int, std::map<int, int>>>>>;
int main() { Deep deep; deep.insert(1, 2, 3, 4); return 0; }
