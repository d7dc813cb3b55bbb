#include <libpq-fe.h>

/// The error field code of the SQLSTATE (`PG_DIAG_SQLSTATE` is a character constant macro, imported as an
/// integer of the wrong width on some platforms): fixed here.
static inline int cpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int cpq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int cpq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }

/// A notice processor that drops notices, which libpq otherwise prints on stderr (`CREATE … IF NOT EXISTS`
/// raises one per existing object).
static void cpq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }
static inline void cpq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, cpq_ignore_notice, NULL);
}
