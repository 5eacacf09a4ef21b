// POJ 3239 as code written for POJ often is: its comments in GBK, not UTF-8 (the first two lines
// say it in Chinese). Judges compile the bytes they are given; this judge builds it as it is
// and notes the encoding. Expected verdict: AC.
// 八皇后问题的构造解法：先偶数行，再奇数行
// 当 n 除以 6 余 2 或 3 时调整
#include <iostream>
#include <vector>
using namespace std;

int main() {
    int n;
    while (cin >> n && n != 0) {
        vector<int> evens, odds;
        for (int i = 2; i <= n; i += 2) evens.push_back(i);
        for (int i = 1; i <= n; i += 2) odds.push_back(i);
        if (n % 6 == 2) {
            // odds become 3, 1, 7, 9, ..., 5
            swap(odds[0], odds[1]);
            odds.erase(odds.begin() + 2);
            odds.push_back(5);
        } else if (n % 6 == 3) {
            // evens become 4, 6, ..., 2 and odds 5, 7, ..., 1, 3
            evens.erase(evens.begin());
            evens.push_back(2);
            odds.erase(odds.begin(), odds.begin() + 2);
            odds.push_back(1);
            odds.push_back(3);
        }
        vector<int> rows(evens);
        rows.insert(rows.end(), odds.begin(), odds.end());
        for (size_t i = 0; i < rows.size(); i++) {
            if (i > 0) cout << ' ';
            cout << rows[i];
        }
        cout << '\n';
    }
    return 0;
}
