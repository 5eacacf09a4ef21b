/*
 * uthash.h -- hash tables for C structures, uthash-compatible interface.
 *
 * This is an independent implementation of the public macro interface of
 * Troy D. Hanson's "uthash", written from scratch for this project.  It is
 * NOT uthash's code.  It exists so that C solutions written for LeetCode,
 * whose C environment makes uthash available without an #include, compile
 * and behave the same way here.  Only the documented interface is mirrored:
 *
 *   struct item { int id; ...; UT_hash_handle hh; };
 *   struct item *table = NULL;               (NULL head == empty table)
 *
 *   HASH_ADD(hh, head, keyfield, keylen, add)      HASH_ADD_INT/STR/PTR
 *   HASH_ADD_KEYPTR(hh, head, keyptr, keylen, add)
 *   HASH_FIND(hh, head, keyptr, keylen, out)       HASH_FIND_INT/STR/PTR
 *   HASH_REPLACE(hh, head, keyfield, keylen, add, replaced)
 *                                                  HASH_REPLACE_INT/STR/PTR
 *   HASH_DELETE(hh, head, delptr)                  HASH_DEL(head, delptr)
 *   HASH_COUNT(head)  HASH_CNT(hh, head)  HASH_OVERHEAD(hh, head)
 *   HASH_ITER(hh, head, el, tmp)   (safe against deleting el)
 *   HASH_CLEAR(hh, head)
 *   HASH_SORT(head, cmp)  HASH_SRT(hh, head, cmp)   (stable merge sort)
 *   HASH_VALUE, HASH_FIND_BYHASHVALUE, HASH_ADD_BYHASHVALUE,
 *   HASH_ADD_KEYPTR_BYHASHVALUE, HASH_ADD_INORDER, HASH_ADD_KEYPTR_INORDER
 *
 * Structure
 * ---------
 * Every item carries a UT_hash_handle.  All handles of one table point to a
 * shared UT_hash_table, allocated when the first item is added and freed
 * when the last one is deleted (or by HASH_CLEAR).  Each handle sits on two
 * lists at once:
 *
 *  - the iteration list, doubly linked through hh.prev / hh.next, which
 *    point at the neighbouring *items* (void *), in insertion order; the
 *    head pointer is its first item and the table remembers the tail;
 *  - a bucket chain, doubly linked through hh.hh_prev / hh.hh_next, which
 *    point at neighbouring *handles*.  The bucket array has a power-of-two
 *    size and doubles whenever the table holds more items than buckets, so
 *    lookups stay O(1) on average.
 *
 * The table records the byte offset of the handle inside the item ("hho"),
 * which converts between item and handle pointers.  Keys are not copied:
 * a handle stores a pointer to the key bytes inside the item (or wherever
 * HASH_ADD_KEYPTR was told), and keys compare equal when their lengths and
 * bytes (HASH_KEYCMP, default memcmp) match.
 *
 * The real work happens in the small static functions below; the macros
 * only take addresses, convert pointers and assign the results.  Every
 * macro argument that may have side effects (key pointer, key length, item
 * pointer for delete) is evaluated once where that matters.
 *
 * Customisation hooks, defined before including this file as with uthash:
 * uthash_malloc(sz), uthash_free(ptr, sz), uthash_fatal(msg),
 * uthash_memcmp(a, b, n), uthash_strlen(s), uthash_bzero(p, n),
 * uthash_expand_fyi(tbl), HASH_FUNCTION(keyptr, keylen, hashv),
 * HASH_KEYCMP(a, b, n), HASH_INITIAL_NUM_BUCKETS_LOG2.
 *
 * Works as C99/C11 and as C++ (where item pointers are converted with a
 * small template instead of relying on void * conversions).
 */
#ifndef UTHASH_H
#define UTHASH_H

#define UTHASH_VERSION "2.3.0-compatible"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- overridable hooks ------------------------------------------------ */

#ifndef uthash_malloc
#define uthash_malloc(sz) malloc(sz)
#endif
#ifndef uthash_free
#define uthash_free(ptr, sz) free(ptr)
#endif
#ifndef uthash_fatal
#define uthash_fatal(msg) exit(-1)
#endif
#ifndef uthash_memcmp
#define uthash_memcmp(a, b, n) memcmp(a, b, n)
#endif
#ifndef uthash_strlen
#define uthash_strlen(s) strlen(s)
#endif
#ifndef uthash_bzero
#define uthash_bzero(p, n) memset((p), 0, (n))
#endif
#ifndef uthash_expand_fyi
#define uthash_expand_fyi(tbl)
#endif
#ifndef HASH_KEYCMP
#define HASH_KEYCMP(a, b, n) uthash_memcmp(a, b, n)
#endif
#ifndef HASH_INITIAL_NUM_BUCKETS_LOG2
#define HASH_INITIAL_NUM_BUCKETS_LOG2 5U /* 32 buckets */
#endif

/* ---- data structures -------------------------------------------------- */

struct UT_hash_handle;

typedef struct UT_hash_bucket {
  struct UT_hash_handle *hh_head; /* first handle in this chain */
  unsigned count;                 /* chain length */
} UT_hash_bucket;

typedef struct UT_hash_table {
  UT_hash_bucket *buckets;
  unsigned num_buckets;      /* always a power of two */
  unsigned log2_num_buckets;
  unsigned num_items;
  struct UT_hash_handle *tail; /* last handle in iteration order */
  ptrdiff_t hho;               /* offset of the handle within an item */
} UT_hash_table;

typedef struct UT_hash_handle {
  struct UT_hash_table *tbl;
  void *prev;                      /* previous item, iteration order */
  void *next;                      /* next item, iteration order */
  struct UT_hash_handle *hh_prev;  /* previous handle in bucket chain */
  struct UT_hash_handle *hh_next;  /* next handle in bucket chain */
  const void *key;                 /* key bytes (not copied) */
  unsigned keylen;
  unsigned hashv;
} UT_hash_handle;

/* ---- pointer conversions ---------------------------------------------- */

/* UTHASH_SET_(dst, p): store void *p into the typed pointer lvalue dst.
   UTHASH_AS_(like, p): p converted to the pointer type of `like`.
   C converts void * implicitly; C++ needs an explicit cast. */
#ifdef __cplusplus
template <typename T> static inline void ut_hash_set_(T *&dst, void *p) {
  dst = static_cast<T *>(p);
}
template <typename T> static inline T *ut_hash_as_(T *, void *p) {
  return static_cast<T *>(p);
}
#define UTHASH_SET_(dst, p) ut_hash_set_((dst), (p))
#define UTHASH_AS_(like, p) ut_hash_as_((like), (p))
#else
#define UTHASH_SET_(dst, p) ((dst) = (p))
#define UTHASH_AS_(like, p) ((void *)(p))
#endif

/* Item <-> handle, given the table's handle offset. */
static inline UT_hash_handle *ut_hash_hh_(const UT_hash_table *t, void *item) {
  return item ? (UT_hash_handle *)((char *)item + t->hho) : NULL;
}
static inline void *ut_hash_item_(const UT_hash_table *t, UT_hash_handle *h) {
  return h ? (void *)((char *)h - t->hho) : NULL;
}
static inline UT_hash_handle *ut_hash_next_hh_(const UT_hash_table *t,
                                               UT_hash_handle *h) {
  return ut_hash_hh_(t, h->next);
}

/* ---- hashing ----------------------------------------------------------- */

/* Default hash: 32-bit FNV-1a over the key bytes, followed by an
   xor-shift/multiply finaliser so that the low bits (which select the
   bucket) depend on every input byte. */
static inline unsigned ut_hash_value_(const void *key, unsigned keylen) {
#ifdef HASH_FUNCTION
  unsigned hv;
  HASH_FUNCTION(key, keylen, hv);
  return hv;
#else
  const unsigned char *p = (const unsigned char *)key;
  uint32_t h = 2166136261U;
  unsigned i;
  for (i = 0; i < keylen; i++) {
    h ^= p[i];
    h *= 16777619U;
  }
  h ^= h >> 16;
  h *= 0x7feb352dU;
  h ^= h >> 15;
  h *= 0x846ca68bU;
  h ^= h >> 16;
  return (unsigned)h;
#endif
}

/* ---- bucket chains ------------------------------------------------------ */

static inline void ut_hash_bucket_push_(UT_hash_bucket *b, UT_hash_handle *h) {
  h->hh_prev = NULL;
  h->hh_next = b->hh_head;
  if (b->hh_head) b->hh_head->hh_prev = h;
  b->hh_head = h;
  b->count++;
}

static inline void ut_hash_bucket_unlink_(UT_hash_bucket *b, UT_hash_handle *h) {
  if (h->hh_prev) h->hh_prev->hh_next = h->hh_next;
  else b->hh_head = h->hh_next;
  if (h->hh_next) h->hh_next->hh_prev = h->hh_prev;
  b->count--;
}

/* Double the bucket array and redistribute the handles (each handle keeps
   its hash value, so nothing is rehashed).  On allocation failure the
   table simply keeps its current size after uthash_fatal returns. */
static inline void ut_hash_expand_(UT_hash_table *t) {
  unsigned n = t->num_buckets * 2U, i;
  UT_hash_bucket *nb;
  if (t->num_buckets >= (1U << 30)) return;
  nb = (UT_hash_bucket *)uthash_malloc(n * sizeof(UT_hash_bucket));
  if (!nb) {
    uthash_fatal("out of memory");
    return;
  }
  uthash_bzero(nb, n * sizeof(UT_hash_bucket));
  for (i = 0; i < t->num_buckets; i++) {
    UT_hash_handle *h = t->buckets[i].hh_head;
    while (h) {
      UT_hash_handle *following = h->hh_next;
      ut_hash_bucket_push_(&nb[h->hashv & (n - 1U)], h);
      h = following;
    }
  }
  uthash_free(t->buckets, t->num_buckets * sizeof(UT_hash_bucket));
  t->buckets = nb;
  t->num_buckets = n;
  t->log2_num_buckets++;
  uthash_expand_fyi(t);
}

/* ---- table operations --------------------------------------------------- */

static inline UT_hash_table *ut_hash_new_table_(ptrdiff_t hho) {
  UT_hash_table *t = (UT_hash_table *)uthash_malloc(sizeof(UT_hash_table));
  size_t bytes;
  if (!t) {
    uthash_fatal("out of memory");
    return NULL;
  }
  uthash_bzero(t, sizeof(UT_hash_table));
  t->log2_num_buckets = HASH_INITIAL_NUM_BUCKETS_LOG2;
  t->num_buckets = 1U << t->log2_num_buckets;
  t->hho = hho;
  bytes = t->num_buckets * sizeof(UT_hash_bucket);
  t->buckets = (UT_hash_bucket *)uthash_malloc(bytes);
  if (!t->buckets) {
    uthash_free(t, sizeof(UT_hash_table));
    uthash_fatal("out of memory");
    return NULL;
  }
  uthash_bzero(t->buckets, bytes);
  return t;
}

/* Add item `add` (whose handle is `addhh`) to the table headed by `head`.
   It goes into the iteration list just before item `before`, or at the end
   when `before` is NULL.  Returns the (possibly new) head item. */
static inline void *ut_hash_add_(void *head, void *add, UT_hash_handle *addhh,
                                 const void *key, unsigned keylen,
                                 unsigned hashv, void *before) {
  ptrdiff_t hho = (char *)addhh - (char *)add;
  UT_hash_table *t;
  addhh->key = key;
  addhh->keylen = keylen;
  addhh->hashv = hashv;
  if (head == NULL) { /* first item: create the table */
    t = ut_hash_new_table_(hho);
    if (!t) return NULL;
    addhh->prev = addhh->next = NULL;
    t->tail = addhh;
    head = add;
  } else {
    t = ((UT_hash_handle *)((char *)head + hho))->tbl;
    if (before == NULL) { /* append after the tail */
      addhh->prev = ut_hash_item_(t, t->tail);
      addhh->next = NULL;
      t->tail->next = add;
      t->tail = addhh;
    } else { /* splice in front of `before` */
      UT_hash_handle *bh = ut_hash_hh_(t, before);
      addhh->prev = bh->prev;
      addhh->next = before;
      if (bh->prev) ut_hash_hh_(t, bh->prev)->next = add;
      else head = add;
      bh->prev = add;
    }
  }
  addhh->tbl = t;
  ut_hash_bucket_push_(&t->buckets[hashv & (t->num_buckets - 1U)], addhh);
  t->num_items++;
  if (t->num_items > t->num_buckets) ut_hash_expand_(t);
  return head;
}

static inline void *ut_hash_find_(UT_hash_table *t, const void *key,
                                  unsigned keylen, unsigned hashv) {
  UT_hash_handle *h = t->buckets[hashv & (t->num_buckets - 1U)].hh_head;
  for (; h; h = h->hh_next) {
    if (h->hashv == hashv && h->keylen == keylen &&
        HASH_KEYCMP(h->key, key, keylen) == 0)
      return ut_hash_item_(t, h);
  }
  return NULL;
}

static inline void ut_hash_clear_(UT_hash_table *t) {
  uthash_free(t->buckets, t->num_buckets * sizeof(UT_hash_bucket));
  uthash_free(t, sizeof(UT_hash_table));
}

/* Remove the item whose handle is `delhh`; returns the new head item
   (NULL once the table is empty, in which case the table is freed). */
static inline void *ut_hash_delete_(void *head, UT_hash_handle *delhh) {
  UT_hash_table *t = delhh->tbl;
  if (delhh->prev) ut_hash_hh_(t, delhh->prev)->next = delhh->next;
  else head = delhh->next;
  if (delhh->next) ut_hash_hh_(t, delhh->next)->prev = delhh->prev;
  else t->tail = ut_hash_hh_(t, delhh->prev);
  ut_hash_bucket_unlink_(&t->buckets[delhh->hashv & (t->num_buckets - 1U)],
                         delhh);
  if (--t->num_items == 0) {
    ut_hash_clear_(t);
    return NULL;
  }
  return head;
}

/* After sorting, the iteration list is linked only through `next`;
   rebuild the `prev` links and the tail, and return the new head item. */
static inline void *ut_hash_relink_(UT_hash_table *t, UT_hash_handle *first) {
  UT_hash_handle *h = first;
  void *prev = NULL;
  while (h) {
    h->prev = prev;
    prev = ut_hash_item_(t, h);
    t->tail = h;
    h = ut_hash_next_hh_(t, h);
  }
  return ut_hash_item_(t, first);
}

static inline size_t ut_hash_overhead_(const UT_hash_table *t) {
  return t->num_items * sizeof(UT_hash_handle) +
         t->num_buckets * sizeof(UT_hash_bucket) + sizeof(UT_hash_table);
}

/* ---- core macros --------------------------------------------------------- */

#define HASH_VALUE(keyptr, keylen_in, hashv)                                   \
  ((hashv) = ut_hash_value_((keyptr), (unsigned)(keylen_in)))

#define HASH_FIND_BYHASHVALUE(hh, head, keyptr, keylen_in, hashval, out)       \
  do {                                                                         \
    UTHASH_SET_(out, NULL);                                                    \
    if ((head) != NULL)                                                        \
      UTHASH_SET_(out, ut_hash_find_((head)->hh.tbl, (keyptr),                 \
                                     (unsigned)(keylen_in), (hashval)));       \
  } while (0)

#define HASH_FIND(hh, head, keyptr, keylen_in, out)                            \
  do {                                                                         \
    const void *uthash_fk_ = (keyptr);                                         \
    unsigned uthash_fl_ = (unsigned)(keylen_in);                               \
    HASH_FIND_BYHASHVALUE(hh, head, uthash_fk_, uthash_fl_,                    \
                          ut_hash_value_(uthash_fk_, uthash_fl_), out);        \
  } while (0)

/* Shared by every add: key pointer, length, hash and iteration position. */
#define UTHASH_ADD_AT_(hh, head, keyptr, keylen_in, hashval, add, before)      \
  UTHASH_SET_(head, ut_hash_add_((head), (add), &((add)->hh), (keyptr),        \
                                 (keylen_in), (hashval), (before)))

#define HASH_ADD_KEYPTR_BYHASHVALUE(hh, head, keyptr, keylen_in, hashval, add) \
  do {                                                                         \
    UTHASH_ADD_AT_(hh, head, (keyptr), (unsigned)(keylen_in), (hashval), add,  \
                   NULL);                                                      \
  } while (0)

#define HASH_ADD_KEYPTR(hh, head, keyptr, keylen_in, add)                      \
  do {                                                                         \
    const void *uthash_ak_ = (keyptr);                                         \
    unsigned uthash_al_ = (unsigned)(keylen_in);                               \
    UTHASH_ADD_AT_(hh, head, uthash_ak_, uthash_al_,                           \
                   ut_hash_value_(uthash_ak_, uthash_al_), add, NULL);         \
  } while (0)

#define HASH_ADD_BYHASHVALUE(hh, head, fieldname, keylen_in, hashval, add)     \
  HASH_ADD_KEYPTR_BYHASHVALUE(hh, head, &((add)->fieldname), keylen_in,        \
                              hashval, add)

#define HASH_ADD(hh, head, fieldname, keylen_in, add)                          \
  HASH_ADD_KEYPTR(hh, head, &((add)->fieldname), keylen_in, add)

/* Insert before the first item that compares greater than `add`, so a
   list kept sorted with the same cmpfcn stays sorted (ties: after). */
#define HASH_ADD_KEYPTR_INORDER(hh, head, keyptr, keylen_in, add, cmpfcn)      \
  do {                                                                         \
    const void *uthash_ik_ = (keyptr);                                         \
    unsigned uthash_il_ = (unsigned)(keylen_in);                               \
    void *uthash_pos_ = (head);                                                \
    while (uthash_pos_ != NULL &&                                              \
           cmpfcn(UTHASH_AS_(head, uthash_pos_), (add)) <= 0)                  \
      uthash_pos_ = ut_hash_hh_((head)->hh.tbl, uthash_pos_)->next;            \
    UTHASH_ADD_AT_(hh, head, uthash_ik_, uthash_il_,                           \
                   ut_hash_value_(uthash_ik_, uthash_il_), add, uthash_pos_);  \
  } while (0)

#define HASH_ADD_INORDER(hh, head, fieldname, keylen_in, add, cmpfcn)          \
  HASH_ADD_KEYPTR_INORDER(hh, head, &((add)->fieldname), keylen_in, add,       \
                          cmpfcn)

#define HASH_DELETE(hh, head, delptr)                                          \
  UTHASH_SET_(head, ut_hash_delete_((head), &((delptr)->hh)))

/* Remove any item with add's key, then add `add` (at the end of the
   iteration order).  `replaced` receives the removed item or NULL. */
#define HASH_REPLACE(hh, head, fieldname, keylen_in, add, replaced)            \
  do {                                                                         \
    HASH_FIND(hh, head, &((add)->fieldname), keylen_in, replaced);             \
    if ((replaced) != NULL) HASH_DELETE(hh, head, replaced);                   \
    HASH_ADD(hh, head, fieldname, keylen_in, add);                             \
  } while (0)

#define HASH_CNT(hh, head) ((head) != NULL ? (head)->hh.tbl->num_items : 0U)
#define HASH_COUNT(head) HASH_CNT(hh, head)

#define HASH_OVERHEAD(hh, head)                                                \
  ((head) != NULL ? ut_hash_overhead_((head)->hh.tbl) : (size_t)0)

/* Frees the table's bookkeeping (not the items) and empties the head. */
#define HASH_CLEAR(hh, head)                                                   \
  do {                                                                         \
    if ((head) != NULL) {                                                      \
      ut_hash_clear_((head)->hh.tbl);                                          \
      UTHASH_SET_(head, NULL);                                                 \
    }                                                                          \
  } while (0)

/* Visit every item in iteration order; tmp already holds the next item,
   so the body may delete (and free) el. */
#define HASH_ITER(hh, head, el, tmp)                                           \
  for ((el) = (head),                                                          \
      UTHASH_SET_(tmp, (el) != NULL ? (el)->hh.next : NULL);                   \
       (el) != NULL;                                                           \
       (el) = (tmp), UTHASH_SET_(tmp, (el) != NULL ? (el)->hh.next : NULL))

/* Stable bottom-up merge sort of the iteration list.  Each pass merges
   neighbouring sorted runs of `uthash_w_` items (1, 2, 4, ...) by
   re-threading the `next` links; it stops after a pass that produced a
   single run.  cmpfcn(a, b) returns <0, 0 or >0 like strcmp; on ties the
   earlier item stays first.  The hash buckets are not touched. */
#define HASH_SRT(hh, head, cmpfcn)                                             \
  do {                                                                         \
    if ((head) != NULL) {                                                      \
      UT_hash_table *uthash_st_ = (head)->hh.tbl;                              \
      UT_hash_handle *uthash_list_ = &((head)->hh);                            \
      unsigned uthash_w_, uthash_runs_ = 2;                                    \
      for (uthash_w_ = 1; uthash_runs_ > 1; uthash_w_ *= 2U) {                 \
        UT_hash_handle *uthash_a_ = uthash_list_, *uthash_b_;                  \
        UT_hash_handle *uthash_last_ = NULL;                                   \
        uthash_list_ = NULL;                                                   \
        uthash_runs_ = 0;                                                      \
        while (uthash_a_ != NULL) {                                            \
          unsigned uthash_na_ = 0, uthash_nb_ = uthash_w_;                     \
          uthash_runs_++;                                                      \
          /* run a: up to w items from uthash_a_; run b starts after it */     \
          for (uthash_b_ = uthash_a_; uthash_b_ && uthash_na_ < uthash_w_;     \
               uthash_na_++)                                                   \
            uthash_b_ = ut_hash_next_hh_(uthash_st_, uthash_b_);               \
          if (uthash_b_ == NULL) uthash_nb_ = 0;                               \
          while (uthash_na_ > 0 || uthash_nb_ > 0) {                           \
            UT_hash_handle *uthash_take_;                                      \
            if (uthash_na_ > 0 &&                                              \
                (uthash_nb_ == 0 ||                                            \
                 cmpfcn(UTHASH_AS_(head, ut_hash_item_(uthash_st_, uthash_a_)),\
                        UTHASH_AS_(head, ut_hash_item_(uthash_st_, uthash_b_)))\
                     <= 0)) {                                                  \
              uthash_take_ = uthash_a_;                                        \
              uthash_a_ = ut_hash_next_hh_(uthash_st_, uthash_a_);             \
              uthash_na_--;                                                    \
            } else {                                                           \
              uthash_take_ = uthash_b_;                                        \
              uthash_b_ = ut_hash_next_hh_(uthash_st_, uthash_b_);             \
              uthash_nb_ = uthash_b_ != NULL ? uthash_nb_ - 1U : 0U;           \
            }                                                                  \
            if (uthash_last_ != NULL)                                          \
              uthash_last_->next = ut_hash_item_(uthash_st_, uthash_take_);    \
            else                                                               \
              uthash_list_ = uthash_take_;                                     \
            uthash_last_ = uthash_take_;                                       \
          }                                                                    \
          uthash_a_ = uthash_b_; /* next pair of runs */                       \
        }                                                                      \
        uthash_last_->next = NULL;                                             \
      }                                                                        \
      UTHASH_SET_(head, ut_hash_relink_(uthash_st_, uthash_list_));            \
    }                                                                          \
  } while (0)

#define HASH_SORT(head, cmpfcn) HASH_SRT(hh, head, cmpfcn)

/* ---- convenience forms (handle named hh) ---------------------------------- */

#define HASH_FIND_INT(head, findint, out)                                      \
  HASH_FIND(hh, head, findint, sizeof(int), out)
#define HASH_ADD_INT(head, intfield, add)                                      \
  HASH_ADD(hh, head, intfield, sizeof(int), add)
#define HASH_REPLACE_INT(head, intfield, add, replaced)                        \
  HASH_REPLACE(hh, head, intfield, sizeof(int), add, replaced)

/* String keys: strfield may be a char array or a char * member; the key
   is the string's bytes without the terminating NUL. */
#define HASH_FIND_STR(head, findstr, out)                                      \
  do {                                                                         \
    const char *uthash_fs_ = (findstr);                                        \
    HASH_FIND(hh, head, uthash_fs_, uthash_strlen(uthash_fs_), out);           \
  } while (0)
#define HASH_ADD_STR(head, strfield, add)                                      \
  HASH_ADD_KEYPTR(hh, head, (add)->strfield, uthash_strlen((add)->strfield),   \
                  add)
#define HASH_REPLACE_STR(head, strfield, add, replaced)                        \
  do {                                                                         \
    HASH_FIND_STR(head, (add)->strfield, replaced);                            \
    if ((replaced) != NULL) HASH_DELETE(hh, head, replaced);                   \
    HASH_ADD_STR(head, strfield, add);                                         \
  } while (0)

/* Pointer keys: the key is the pointer value itself. */
#define HASH_FIND_PTR(head, findptr, out)                                      \
  HASH_FIND(hh, head, findptr, sizeof(void *), out)
#define HASH_ADD_PTR(head, ptrfield, add)                                      \
  HASH_ADD(hh, head, ptrfield, sizeof(void *), add)
#define HASH_REPLACE_PTR(head, ptrfield, add, replaced)                        \
  HASH_REPLACE(hh, head, ptrfield, sizeof(void *), add, replaced)

#define HASH_DEL(head, delptr) HASH_DELETE(hh, head, delptr)

#endif /* UTHASH_H */
