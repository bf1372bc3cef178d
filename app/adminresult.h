#pragma once

#include <QString>

// How an admin action ended. Refused: Redis was asked and its guard said no (the lock
// changed since the operator looked, it is already held), or LockScope would not ask
// (read-only, nothing to guard with). Failed: it certainly did not run (never sent, or an
// error from Redis itself such as WRONGTYPE or NOPERM). Unknown: it was sent and no answer
// came (the connection was lost or timed out), so it may or may not have run; the message
// says how to look.
struct AdminResult
{
    enum class Outcome { Done, Refused, Failed, Unknown };

    AdminResult() = default;
    AdminResult(Outcome outcome, QString message)
        : outcome(outcome)
        , message(std::move(message))
    {
    }

    Outcome outcome = Outcome::Failed;
    QString message;
    // host:port of the node that answered, after any redirect: in a slot being migrated, the
    // node importing it. Empty when no node was asked.
    QString node;

    bool ok() const { return outcome == Outcome::Done; }
    QString outcomeId() const
    {
        switch (outcome) {
        case Outcome::Done:
            return QStringLiteral("done");
        case Outcome::Refused:
            return QStringLiteral("refused");
        case Outcome::Failed:
            return QStringLiteral("failed");
        case Outcome::Unknown:
            return QStringLiteral("unknown");
        }
        return {};
    }
};
