#ifndef CXAPIAN_H
#define CXAPIAN_H

/// A C face for the part of Xapian's C++ API Skillscope uses; Xapian has no C API of its own.
///
/// Every function that can fail returns 0 (or NULL) and sets `*error` to a message the caller frees with
/// `cxapian_free`; on success it returns 1 (or the object). No C++ exception leaves this interface.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cxapian_database cxapian_database;
typedef struct cxapian_document cxapian_document;
typedef struct cxapian_results cxapian_results;

/// Opens the database in the folder `path`: writable (creating it; `overwrite` empties it first) or read-only.
/// An empty `path` opens a new, empty database in memory, which is always writable. A writer opened with `sync` 0
/// commits without waiting for the disk (a crash of the machine, not of the process, may lose or damage commits).
cxapian_database *cxapian_open(const char *path, int writable, int overwrite, int sync, char **error);
void cxapian_close(cxapian_database *database);
/// Moves a read-only database to the newest committed revision.
int cxapian_reopen(cxapian_database *database, char **error);
/// Documents in the database.
uint32_t cxapian_document_count(cxapian_database *database);

int cxapian_replace(cxapian_database *database, uint32_t id, const cxapian_document *document, char **error);
int cxapian_delete(cxapian_database *database, uint32_t id, char **error);
/// Sets one value of a stored document, leaving its terms as they are (Xapian then rewrites only its values).
/// A missing document is left missing.
int cxapian_set_stored_value(cxapian_database *database, uint32_t id, uint32_t slot, const char *value, size_t length,
                             char **error);
int cxapian_commit(cxapian_database *database, char **error);
int cxapian_set_metadata(cxapian_database *database, const char *key, const char *value, char **error);
/// The metadata value of `key`, empty when unset; NULL on error.
char *cxapian_metadata(cxapian_database *database, const char *key, char **error);

cxapian_document *cxapian_document_new(void);
void cxapian_document_free(cxapian_document *document);
/// Adds the words of `text` (UTF-8), each counted `weight` times: see `cxapian_words`.
void cxapian_document_add_words(cxapian_document *document, const char *text, size_t length, uint32_t weight);
/// Adds a term that only filters: it weighs nothing.
void cxapian_document_add_boolean_term(cxapian_document *document, const char *term, size_t length);
void cxapian_document_set_value(cxapian_document *document, uint32_t slot, const char *value, size_t length);
/// Sets a value that sorts as the number it is.
void cxapian_document_set_number(cxapian_document *document, uint32_t slot, double number);

/// What to look for.
typedef struct {
    /// The words, each as `cxapian_document_add_words` reads text: a word of several parts requires them all.
    const char *const *words;
    size_t word_count;
    /// Every word required (1) or any (0).
    int all_words;
    /// Terms that filter: groups separated by 0x1E, a group's terms by 0x1F; a match has a term of each group.
    /// NULL or empty: no filter.
    const char *filter;
    /// When `only_listed` is 1, only the `only_id_count` documents of `only_ids` match (any order).
    int only_listed;
    const uint32_t *only_ids;
    size_t only_id_count;
    /// Weight multipliers by the value in `factor_slot`: "value" 0x1F "factor" pairs separated by 0x1E; other
    /// values are multiplied by `default_factor`. The best `rerank_depth` matches (or the page, when deeper) are
    /// multiplied and ordered again, when sorted by weight. NULL or empty: none.
    const char *factors;
    uint32_t factor_slot;
    double default_factor;
    uint32_t rerank_depth;
    /// Sort by this slot's value, highest first, then by weight; -1 sorts by weight alone. Ties go to the lower id.
    int sort_slot;
    uint32_t offset;
    uint32_t limit;
    /// Matches counted exactly at least up to this many.
    uint32_t check_at_least;
    /// Slots whose values are counted over the matches looked at; a value may hold several, separated by 0x1F.
    const uint32_t *count_slots;
    size_t count_slot_count;
    /// Gives up looking past `check_at_least` matches after this many seconds (0: no limit).
    double time_limit;
    /// BM25's parameters: how fast a word's weight saturates with its count (k1), and how much a document's
    /// length discounts it (b, 0 to 1).
    double bm25_k1;
    double bm25_b;
} cxapian_query;

cxapian_results *cxapian_search(cxapian_database *database, const cxapian_query *query, char **error);
void cxapian_results_free(cxapian_results *results);
size_t cxapian_results_size(const cxapian_results *results);
uint32_t cxapian_results_id(const cxapian_results *results, size_t index);
double cxapian_results_weight(const cxapian_results *results, size_t index);
/// Bounds on the matches and Xapian's estimate; the count is exact when the bounds agree.
uint64_t cxapian_results_lower_bound(const cxapian_results *results);
uint64_t cxapian_results_upper_bound(const cxapian_results *results);
uint64_t cxapian_results_estimate(const cxapian_results *results);
/// Matches the counts of `count_slots` were made over.
uint64_t cxapian_results_counted(const cxapian_results *results);
/// The counts: "slot" 0x1F "value" 0x1F "count" records separated by 0x1E. Free with `cxapian_free`.
char *cxapian_results_counts(const cxapian_results *results);
/// A passage of at most `bytes` bytes of `text` where the search's words are, "…" where text was left out.
char *cxapian_results_snippet(const cxapian_results *results, const char *text, size_t length, size_t bytes);

/// The terms `text` gives as `cxapian_document_add_words` reads it, separated by spaces (for tests): words are
/// runs of letters and digits of the Basic Multilingual Plane (with the marks that follow them), lower-cased
/// and stemmed as English, each with the prefix "Z".
char *cxapian_words(const char *text, size_t length);

void cxapian_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
