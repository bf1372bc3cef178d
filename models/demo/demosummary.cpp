#include "demosummary.h"

#include "jsonwriter.h"
#include "texttable.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace {
double roundTenth(double ms)
{
    return std::round(ms * 10.0) / 10.0;
}
} // namespace

QString DemoSummary::violationText(const QString &kind)
{
    if (kind == QLatin1String("overlap"))
        return DemoSummary::tr("two workers inside at once");
    if (kind == QLatin1String("stuck"))
        return DemoSummary::tr("a lock nobody could take any more");
    if (kind == QLatin1String("oversold"))
        return DemoSummary::tr("items sold beyond stock");
    if (kind == QLatin1String("stale-write"))
        return DemoSummary::tr("writes by a holder whose lock had expired");
    return DemoSummary::tr("none possible: both variants use the safe lock");
}

namespace {

// An extra figure's label in the text, in the user's language; --json keeps its id.
QString extraLabel(const QString &id)
{
    static const QHash<QString, const char *> labels = {
        {QStringLiteral("sold"), QT_TRANSLATE_NOOP("DemoSummary", "sold")},
        {QStringLiteral("stock"), QT_TRANSLATE_NOOP("DemoSummary", "stock")},
        {QStringLiteral("stale_writes_accepted"), QT_TRANSLATE_NOOP("DemoSummary", "stale writes accepted")},
        {QStringLiteral("stale_writes_rejected"), QT_TRANSLATE_NOOP("DemoSummary", "stale writes rejected")},
        {QStringLiteral("reentries"), QT_TRANSLATE_NOOP("DemoSummary", "reentries")},
        {QStringLiteral("stuck"), QT_TRANSLATE_NOOP("DemoSummary", "stuck")},
        {QStringLiteral("releases_refused"), QT_TRANSLATE_NOOP("DemoSummary", "releases refused")},
        {QStringLiteral("foreign_deletes"), QT_TRANSLATE_NOOP("DemoSummary", "foreign deletes")},
        {QStringLiteral("expired_while_held"), QT_TRANSLATE_NOOP("DemoSummary", "expired while held")},
        {QStringLiteral("quorum_failures"), QT_TRANSLATE_NOOP("DemoSummary", "quorum failures")},
        {QStringLiteral("not_replicated"), QT_TRANSLATE_NOOP("DemoSummary", "not replicated")},
        {QStringLiteral("locks_lost"), QT_TRANSLATE_NOOP("DemoSummary", "locks lost")},
        {QStringLiteral("attempts_per_acquisition"), QT_TRANSLATE_NOOP("DemoSummary", "attempts per acquisition")},
        {QStringLiteral("attempts_per_s"), QT_TRANSLATE_NOOP("DemoSummary", "attempts per s")},
        {QStringLiteral("acquisitions_per_s"), QT_TRANSLATE_NOOP("DemoSummary", "acquisitions per s")}};
    const char *label = labels.value(id);
    return label ? DemoSummary::tr(label) : QString(id).replace(QLatin1Char('_'), QLatin1Char(' '));
}
} // namespace

DemoSummary DemoSummary::from(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters,
                              const DemoStats &stats, qint64 elapsedMs)
{
    DemoSummary s;
    s.scenario = scenario.id;
    s.variant = DemoScenario::variantId(variant);
    const DemoScenario::Variant *v = scenario.variant(variant);
    const DemoRecipe recipe = v ? v->recipe : DemoRecipe{};
    s.acquisitions = stats.acquisitions;
    s.failures = stats.failures;
    s.violations = stats.violations;
    s.violationKind = DemoRecipe::violationId(recipe.violation);
    if (stats.waits.count() > 0) {
        s.waitP50Ms = roundTenth(stats.waits.percentile(50));
        s.waitP99Ms = roundTenth(stats.waits.percentile(99));
    }
    s.attempts = stats.attempts;
    s.crashes = stats.crashes;
    s.faults = stats.faults;
    s.overlaps = stats.overlaps;
    s.workers = parameters.workers;
    s.durationMs = elapsedMs;
    s.seed = parameters.seed;

    auto add = [&s](const char *name, double value) { s.extras.append({QString::fromLatin1(name), value}); };
    switch (recipe.job) {
    case DemoRecipe::Job::Purchase:
        s.oversold = stats.oversold;
        add("sold", stats.sold);
        add("stock", parameters.stock);
        break;
    case DemoRecipe::Job::FencedWrite:
        add("stale_writes_accepted", stats.staleWritesAccepted);
        add("stale_writes_rejected", stats.staleWritesRejected);
        break;
    case DemoRecipe::Job::Recursive:
        add("reentries", stats.reentries);
        break;
    case DemoRecipe::Job::Plain:
        break;
    }
    if (recipe.detectsStuck)
        add("stuck", stats.stuck);
    if (recipe.fault == DemoRecipe::Fault::StallBeforeRelease) {
        add("releases_refused", stats.releasesRefused);
        add("foreign_deletes", stats.foreignDeletes);
    }
    if (recipe.fault == DemoRecipe::Fault::StallInside || recipe.fault == DemoRecipe::Fault::StallBeforeRelease)
        add("expired_while_held", stats.expiredWhileHeld);
    if (recipe.lock == DemoRecipe::Lock::Redlock)
        add("quorum_failures", stats.quorumFailures);
    if (recipe.waitReplicas > 0)
        add("not_replicated", stats.notReplicated);
    if (recipe.lock != DemoRecipe::Lock::None && recipe.watchdog)
        add("locks_lost", stats.locksLost);
    if (scenario.id == QLatin1String("retry-backoff")) {
        const double seconds = elapsedMs / 1000.0;
        add("attempts_per_acquisition", stats.acquisitions > 0 ? roundTenth(double(stats.attempts) / double(stats.acquisitions)) : 0.0);
        add("attempts_per_s", seconds > 0 ? std::round(double(stats.attempts) / seconds) : 0.0);
        add("acquisitions_per_s", seconds > 0 ? roundTenth(double(stats.acquisitions) / seconds) : 0.0);
    }
    return s;
}

double DemoSummary::extra(const QString &name, double fallback) const
{
    for (const auto &[key, value] : extras)
        if (key == name)
            return value;
    return fallback;
}

QByteArray DemoSummary::toJson() const
{
    JsonWriter out;
    out.beginObject();
    out.field("scenario", scenario);
    out.field("variant", variant);
    out.field("acquisitions", acquisitions);
    out.field("failures", failures);
    out.field("violations", violations);
    if (oversold)
        out.field("oversold", *oversold);
    out.key("wait_p50_ms");
    waitP50Ms ? out.value(*waitP50Ms) : out.null();
    out.key("wait_p99_ms");
    waitP99Ms ? out.value(*waitP99Ms) : out.null();
    out.field("violation_kind", violationKind);
    out.field("attempts", attempts);
    out.field("crashes", crashes);
    out.field("faults_injected", faults);
    out.field("overlaps", overlaps);
    for (const auto &[name, value] : extras)
        out.field(name.toLatin1().constData(), value);
    out.field("workers", workers);
    out.field("duration_ms", durationMs);
    out.field("seed", qint64(seed));
    if (interrupted)
        out.field("interrupted", true);
    out.endObject();
    return out.take() + '\n';
}

QString DemoSummary::toText() const
{
    auto ms = [](const std::optional<double> &v) {
        return v ? tr("%1 ms").arg(*v, 0, 'f', 1) : QStringLiteral("–");
    };
    // Labels padded to one column; a CJK character takes two columns of a terminal.
    auto row = [](const QString &label, const QString &value) {
        const qsizetype columns = TextTable::columns(label);
        return QStringLiteral("  ") + label + QString(std::max<qsizetype>(2, 14 - columns), QLatin1Char(' ')) + value + QLatin1Char('\n');
    };
    QString text = QStringLiteral("%1 / %2%3\n").arg(scenario, variant, interrupted ? tr(" (interrupted)") : QString());
    text += row(tr("violations"), QStringLiteral("%1  (%2)").arg(violations).arg(violationText(violationKind)));
    if (oversold)
        text += row(tr("oversold"), QString::number(*oversold));
    text += row(tr("acquisitions"), tr("%1   failures %2   attempts %3   overlaps %4").arg(acquisitions).arg(failures).arg(attempts).arg(overlaps));
    text += row(tr("faults"), tr("%1 injected   crashes %2").arg(faults).arg(crashes));
    text += row(tr("wait"), QStringLiteral("p50 %1   p99 %2").arg(ms(waitP50Ms), ms(waitP99Ms)));
    if (!extras.isEmpty()) {
        // The extras by their labels (--json names them by their ids).
        QStringList parts;
        for (const auto &[name, value] : extras) {
            const QString number = value == std::floor(value) ? QString::number(qint64(value)) : QString::number(value, 'f', 1);
            parts << tr("%1 %2").arg(extraLabel(name), number);
        }
        text += row(tr("also"), parts.join(tr(", ")));
    }
    text += QStringLiteral("  ") + tr("%1 workers, %2 s, seed %3").arg(workers).arg(durationMs / 1000.0, 0, 'f', 1).arg(seed) + QLatin1Char('\n');
    return text;
}
