#pragma once

#include "demoscenario.h"
#include "demostats.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

// The result of one run, as `lockscope demo` prints it: one JSON line or a short text block.
struct DemoSummary
{
    Q_DECLARE_TR_FUNCTIONS(DemoSummary) // toText() is for people, toJson() keeps its ids
public:
    QString scenario;
    QString variant;
    qint64 acquisitions = 0;
    qint64 failures = 0;
    qint64 violations = 0;
    QString violationKind;
    std::optional<qint64> oversold; // oversell only
    std::optional<double> waitP50Ms; // none without a single acquisition
    std::optional<double> waitP99Ms;
    qint64 attempts = 0;
    qint64 crashes = 0;
    qint64 faults = 0;
    qint64 overlaps = 0;
    QList<QPair<QString, double>> extras; // the scenario's own figures, in display order
    int workers = 0;
    qint64 durationMs = 0;
    quint32 seed = 0;
    bool interrupted = false;

    static DemoSummary from(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters,
                            const DemoStats &stats, qint64 elapsedMs);
    double extra(const QString &name, double fallback = -1) const;

    // One JSON object and a newline.
    QByteArray toJson() const;
    // A few lines for people.
    QString toText() const;
    // What a violation kind ("overlap", "stuck" …) means, in the user's language.
    static QString violationText(const QString &kind);
};
