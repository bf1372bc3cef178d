#pragma once

#include <QString>

// How an admin action ended. Refused means Redis was asked and said no (not the owner any
// more, already held) or LockScope would not ask (read-only); Failed means it could not ask.
struct AdminResult
{
    enum class Outcome { Done, Refused, Failed };

    Outcome outcome = Outcome::Failed;
    QString message;

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
        }
        return {};
    }
};
