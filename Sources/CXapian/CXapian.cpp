#include "CXapian.h"

#include <xapian.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct cxapian_database {
    std::unique_ptr<Xapian::Database> database;
    /// Set when the database is writable (and then the same object as `database`).
    Xapian::WritableDatabase *writable = nullptr;
};

struct cxapian_document {
    Xapian::Document document;
};

namespace {

/// Counts the values of some slots over the matches the matcher looks at.
class SlotCounter : public Xapian::MatchSpy {
  public:
    explicit SlotCounter(std::vector<Xapian::valueno> slots) : slots(std::move(slots)), counts(this->slots.size()) {}

    void operator()(const Xapian::Document &document, double) override {
        ++seen;
        for (size_t index = 0; index < slots.size(); ++index) {
            const std::string value = document.get_value(slots[index]);
            if (value.empty()) continue;
            size_t start = 0;
            while (start <= value.size()) {
                size_t end = value.find('\x1f', start);
                if (end == std::string::npos) end = value.size();
                if (end > start) ++counts[index][value.substr(start, end - start)];
                start = end + 1;
            }
        }
    }

    std::vector<Xapian::valueno> slots;
    std::vector<std::map<std::string, uint64_t>> counts;
    uint64_t seen = 0;
};

char *copied(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy == nullptr) return nullptr;
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

void fail(char **error, const std::string &message) {
    if (error != nullptr) *error = copied(message);
}

/// Runs `body`, turning any exception into `*error` and `failed`.
template <typename Body, typename Result> Result guarded(char **error, Result failed, Body body) {
    try {
        return body();
    } catch (const Xapian::Error &exception) {
        fail(error, exception.get_description());
    } catch (const std::exception &exception) {
        fail(error, exception.what());
    } catch (...) {
        fail(error, "unknown error");
    }
    return failed;
}

bool isWordCategory(Xapian::Unicode::category category) {
    switch (category) {
    case Xapian::Unicode::UPPERCASE_LETTER:
    case Xapian::Unicode::LOWERCASE_LETTER:
    case Xapian::Unicode::TITLECASE_LETTER:
    case Xapian::Unicode::MODIFIER_LETTER:
    case Xapian::Unicode::OTHER_LETTER:
    case Xapian::Unicode::DECIMAL_DIGIT_NUMBER:
    case Xapian::Unicode::LETTER_NUMBER:
    case Xapian::Unicode::OTHER_NUMBER:
        return true;
    default:
        return false;
    }
}

bool isMark(Xapian::Unicode::category category) {
    return category == Xapian::Unicode::NON_SPACING_MARK || category == Xapian::Unicode::ENCLOSING_MARK ||
           category == Xapian::Unicode::COMBINING_SPACING_MARK;
}

/// Longer words are not indexed (Xapian's own term generator's default).
constexpr size_t maximumWordBytes = 64;

/// English stems, remembered: a writer stems the same few hundred thousand words over and over.
class Stemmer {
  public:
    const std::string &stem(const std::string &word) {
        auto found = cache.find(word);
        if (found != cache.end()) return found->second;
        if (cache.size() > 500000) cache.clear();
        return cache.emplace(word, "Z" + stemmer(word)).first->second;
    }

  private:
    Xapian::Stem stemmer{"english"};
    std::unordered_map<std::string, std::string> cache;
};

Stemmer &stemmer() {
    thread_local Stemmer shared;
    return shared;
}

/// Calls `each` with the stemmed term of every word of `text`.
template <typename Each> void forEachTerm(const char *text, size_t length, Each each) {
    std::string word;
    auto finish = [&]() {
        if (!word.empty() && word.size() <= maximumWordBytes) each(stemmer().stem(word));
        word.clear();
    };
    for (Xapian::Utf8Iterator iterator(text, length); iterator != Xapian::Utf8Iterator(); ++iterator) {
        const unsigned character = *iterator;
        const auto category = Xapian::Unicode::get_category(character);
        if (character <= 0xFFFF && (isWordCategory(category) || (!word.empty() && isMark(category)))) {
            Xapian::Unicode::append_utf8(word, Xapian::Unicode::tolower(character));
        } else {
            finish();
        }
    }
    finish();
}

std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(separator, start);
        if (end == std::string::npos) end = text.size();
        parts.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

Xapian::Query wordsQuery(const cxapian_query &query) {
    std::vector<Xapian::Query> words;
    for (size_t index = 0; index < query.word_count; ++index) {
        std::vector<Xapian::Query> parts;
        const char *word = query.words[index];
        forEachTerm(word, std::strlen(word), [&](const std::string &term) { parts.emplace_back(term); });
        if (parts.empty()) continue;
        words.push_back(parts.size() == 1 ? parts[0] : Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end()));
    }
    if (words.empty()) return Xapian::Query::MatchNothing;
    return Xapian::Query(query.all_words ? Xapian::Query::OP_AND : Xapian::Query::OP_OR, words.begin(), words.end());
}

Xapian::Query filtered(Xapian::Query matched, const char *filter) {
    if (filter == nullptr || *filter == '\0') return matched;
    for (const std::string &group : split(filter, '\x1e')) {
        std::vector<Xapian::Query> terms;
        for (const std::string &term : split(group, '\x1f')) {
            if (!term.empty()) terms.emplace_back(term);
        }
        Xapian::Query any = terms.empty() ? Xapian::Query::MatchNothing
                                          : Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
        matched = Xapian::Query(Xapian::Query::OP_FILTER, matched, any);
    }
    return matched;
}

/// The words' query with each document's weight multiplied by the factor of the term it has: one scaled branch a
/// term, over disjoint documents, and the rest scaled by the default.
Xapian::Query weighted(const Xapian::Query &matched, const cxapian_query &query) {
    if (query.factors == nullptr || *query.factors == '\0') return matched;
    std::vector<Xapian::Query> branches;
    std::vector<Xapian::Query> listed;
    for (const std::string &pair : split(query.factors, '\x1e')) {
        const size_t separator = pair.find('\x1f');
        if (separator == std::string::npos) continue;
        Xapian::Query term(pair.substr(0, separator));
        const double factor = std::strtod(pair.c_str() + separator + 1, nullptr);
        branches.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(Xapian::Query::OP_FILTER, matched, term), factor);
        listed.push_back(term);
    }
    if (listed.empty()) return matched;
    Xapian::Query others(Xapian::Query::OP_AND_NOT, matched, Xapian::Query(Xapian::Query::OP_OR, listed.begin(), listed.end()));
    branches.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, others, query.default_factor);
    return Xapian::Query(Xapian::Query::OP_OR, branches.begin(), branches.end());
}

} // namespace

struct cxapian_results {
    std::unique_ptr<Xapian::Enquire> enquire;
    Xapian::MSet matches;
    std::unique_ptr<SlotCounter> counter;
};

extern "C" {

cxapian_database *cxapian_open(const char *path, int writable, int overwrite, char **error) {
    return guarded(error, static_cast<cxapian_database *>(nullptr), [&]() {
        auto opened = std::make_unique<cxapian_database>();
        if (path == nullptr || *path == '\0') {
            auto database = std::make_unique<Xapian::WritableDatabase>(std::string(), Xapian::DB_BACKEND_INMEMORY);
            opened->writable = database.get();
            opened->database = std::move(database);
        } else if (writable) {
            const int flags = (overwrite ? Xapian::DB_CREATE_OR_OVERWRITE : Xapian::DB_CREATE_OR_OPEN) |
                              Xapian::DB_BACKEND_GLASS;
            auto database = std::make_unique<Xapian::WritableDatabase>(path, flags);
            opened->writable = database.get();
            opened->database = std::move(database);
        } else {
            opened->database = std::make_unique<Xapian::Database>(path);
        }
        return opened.release();
    });
}

void cxapian_close(cxapian_database *database) {
    if (database == nullptr) return;
    try {
        database->database->close();
    } catch (...) {
    }
    delete database;
}

int cxapian_reopen(cxapian_database *database, char **error) {
    return guarded(error, 0, [&]() {
        if (database->writable == nullptr) database->database->reopen();
        return 1;
    });
}

uint32_t cxapian_document_count(cxapian_database *database) {
    try {
        return database->database->get_doccount();
    } catch (...) {
        return 0;
    }
}

static Xapian::WritableDatabase &writableOf(cxapian_database *database) {
    if (database->writable == nullptr) throw Xapian::InvalidOperationError("the database is open read-only");
    return *database->writable;
}

int cxapian_replace(cxapian_database *database, uint32_t id, const cxapian_document *document, char **error) {
    return guarded(error, 0, [&]() {
        writableOf(database).replace_document(id, document->document);
        return 1;
    });
}

int cxapian_delete(cxapian_database *database, uint32_t id, char **error) {
    return guarded(error, 0, [&]() {
        try {
            writableOf(database).delete_document(id);
        } catch (const Xapian::DocNotFoundError &) {
        }
        return 1;
    });
}

int cxapian_set_stored_value(cxapian_database *database, uint32_t id, uint32_t slot, const char *value, size_t length,
                             char **error) {
    return guarded(error, 0, [&]() {
        Xapian::WritableDatabase &writable = writableOf(database);
        try {
            Xapian::Document document = writable.get_document(id);
            document.add_value(slot, std::string(value, length));
            writable.replace_document(id, document);
        } catch (const Xapian::DocNotFoundError &) {
        }
        return 1;
    });
}

int cxapian_commit(cxapian_database *database, char **error) {
    return guarded(error, 0, [&]() {
        writableOf(database).commit();
        return 1;
    });
}

int cxapian_set_metadata(cxapian_database *database, const char *key, const char *value, char **error) {
    return guarded(error, 0, [&]() {
        writableOf(database).set_metadata(key, value);
        return 1;
    });
}

char *cxapian_metadata(cxapian_database *database, const char *key, char **error) {
    return guarded(error, static_cast<char *>(nullptr), [&]() { return copied(database->database->get_metadata(key)); });
}

cxapian_document *cxapian_document_new(void) { return new cxapian_document(); }

void cxapian_document_free(cxapian_document *document) { delete document; }

void cxapian_document_add_words(cxapian_document *document, const char *text, size_t length, uint32_t weight) {
    try {
        forEachTerm(text, length, [&](const std::string &term) { document->document.add_term(term, weight); });
    } catch (...) {
    }
}

void cxapian_document_add_boolean_term(cxapian_document *document, const char *term, size_t length) {
    try {
        document->document.add_boolean_term(std::string(term, length));
    } catch (...) {
    }
}

void cxapian_document_set_value(cxapian_document *document, uint32_t slot, const char *value, size_t length) {
    try {
        document->document.add_value(slot, std::string(value, length));
    } catch (...) {
    }
}

void cxapian_document_set_number(cxapian_document *document, uint32_t slot, double number) {
    try {
        document->document.add_value(slot, Xapian::sortable_serialise(number));
    } catch (...) {
    }
}

cxapian_results *cxapian_search(cxapian_database *database, const cxapian_query *query, char **error) {
    return guarded(error, static_cast<cxapian_results *>(nullptr), [&]() {
        // A reader whose revision a writer has since overwritten moves to the newest one and tries again.
        for (int attempt = 0;; ++attempt) {
            try {
                auto results = std::make_unique<cxapian_results>();
                results->enquire = std::make_unique<Xapian::Enquire>(*database->database);
                Xapian::Enquire &enquire = *results->enquire;
                Xapian::Query matched = filtered(wordsQuery(*query), query->filter);
                enquire.set_query(weighted(matched, *query));
                enquire.set_docid_order(Xapian::Enquire::ASCENDING);
                if (query->sort_slot >= 0) {
                    enquire.set_sort_by_value_then_relevance(static_cast<Xapian::valueno>(query->sort_slot), true);
                }
                if (query->time_limit > 0) enquire.set_time_limit(query->time_limit);
                if (query->count_slot_count > 0) {
                    results->counter = std::make_unique<SlotCounter>(
                        std::vector<Xapian::valueno>(query->count_slots, query->count_slots + query->count_slot_count));
                    enquire.add_matchspy(results->counter.get());
                }
                results->matches = enquire.get_mset(query->offset, query->limit, query->check_at_least);
                return results.release();
            } catch (const Xapian::DatabaseModifiedError &) {
                if (attempt >= 2) throw;
                database->database->reopen();
            }
        }
    });
}

void cxapian_results_free(cxapian_results *results) { delete results; }

size_t cxapian_results_size(const cxapian_results *results) { return results->matches.size(); }

uint32_t cxapian_results_id(const cxapian_results *results, size_t index) {
    return *(results->matches.begin() + static_cast<Xapian::doccount>(index));
}

double cxapian_results_weight(const cxapian_results *results, size_t index) {
    return (results->matches.begin() + static_cast<Xapian::doccount>(index)).get_weight();
}

uint64_t cxapian_results_lower_bound(const cxapian_results *results) { return results->matches.get_matches_lower_bound(); }

uint64_t cxapian_results_upper_bound(const cxapian_results *results) { return results->matches.get_matches_upper_bound(); }

uint64_t cxapian_results_estimate(const cxapian_results *results) { return results->matches.get_matches_estimated(); }

uint64_t cxapian_results_counted(const cxapian_results *results) {
    return results->counter ? results->counter->seen : 0;
}

char *cxapian_results_counts(const cxapian_results *results) {
    std::string text;
    if (results->counter) {
        const SlotCounter &counter = *results->counter;
        for (size_t index = 0; index < counter.slots.size(); ++index) {
            for (const auto &entry : counter.counts[index]) {
                if (!text.empty()) text += '\x1e';
                text += std::to_string(counter.slots[index]) + '\x1f' + entry.first + '\x1f' + std::to_string(entry.second);
            }
        }
    }
    return copied(text);
}

char *cxapian_results_snippet(const cxapian_results *results, const char *text, size_t length, size_t bytes) {
    try {
        return copied(results->matches.snippet(std::string(text, length), bytes, Xapian::Stem("english"),
                                               Xapian::MSet::SNIPPET_BACKGROUND_MODEL | Xapian::MSet::SNIPPET_EXHAUSTIVE,
                                               "", "", "…"));
    } catch (...) {
        return copied(std::string());
    }
}

char *cxapian_words(const char *text, size_t length) {
    std::string terms;
    try {
        forEachTerm(text, length, [&](const std::string &term) {
            if (!terms.empty()) terms += ' ';
            terms += term;
        });
    } catch (...) {
    }
    return copied(terms);
}

void cxapian_free(void *pointer) { std::free(pointer); }

} // extern "C"
