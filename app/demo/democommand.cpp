#include "democommand.h"

#include "clicommand.h"
#include "demorun.h"
#include "demosummary.h"
#include "jsonwriter.h"
#include "sandboxserver.h"
#include "terminationsignals.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <csignal>
#include <cstdio>

namespace {
constexpr int violationLinesShown = 6;
}

DemoCommand::DemoCommand(const CliOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
}

DemoCommand::~DemoCommand() = default;

QByteArray DemoCommand::listing(bool json)
{
    QByteArray out;
    for (const DemoScenario &s : DemoScenario::catalog()) {
        if (json) {
            JsonWriter w;
            w.beginObject();
            w.field("scenario", s.id);
            w.field("title", s.title);
            w.field("summary", s.summary);
            w.key("variants").beginArray();
            for (const QString &v : s.variantIds())
                w.value(v);
            w.endArray();
            w.endObject();
            out += w.take() + '\n';
        } else {
            out += s.id.leftJustified(20).toUtf8() + ' ' + DemoScenario::translated(s.summary).toUtf8() + '\n';
        }
    }
    return out;
}

bool DemoCommand::plan(QString *error)
{
    std::optional<DemoVariant> variant;
    if (!m_options.variant.isEmpty()) {
        variant = DemoScenario::parseVariant(m_options.variant);
        if (!variant) {
            *error = tr("unknown variant '%1' (broken, fixed, or unlocked for oversell)").arg(m_options.variant);
            return false;
        }
    }
    QList<const DemoScenario *> scenarios;
    if (m_options.scenario.isEmpty()) {
        for (const DemoScenario &s : DemoScenario::catalog())
            scenarios << &s;
    } else if (const DemoScenario *s = DemoScenario::find(m_options.scenario)) {
        scenarios << s;
    } else {
        *error = tr("unknown scenario '%1' (lockscope demo --list shows them)").arg(m_options.scenario);
        return false;
    }
    for (const DemoScenario *s : std::as_const(scenarios)) {
        if (variant && !s->hasVariant(*variant)) {
            if (!m_options.scenario.isEmpty()) {
                *error = tr("scenario '%1' has no variant '%2' (it has: %3)")
                             .arg(s->id, m_options.variant, s->variantIds().join(QStringLiteral(", ")));
                return false;
            }
            continue;
        }
        for (const DemoScenario::Variant &v : s->variants)
            if (!variant || v.variant == *variant)
                m_queue.append({s, v.variant});
    }
    return true;
}

int DemoCommand::exec()
{
    if (m_options.list) {
        print(listing(m_options.json));
        return CliCommand::outputWritten() ? int(Done) : int(CliCommand::Refused);
    }
    QString error;
    if (m_options.connectionGiven || m_options.sandbox)
        error = tr("demo starts its own servers; it takes no connection options");
    if (error.isEmpty())
        plan(&error);
    if (!error.isEmpty()) {
        fprintf(stderr, "lockscope: %s\n", qUtf8Printable(tr("%1 (see lockscope --help)").arg(error)));
        return Usage;
    }
    if (SandboxServer::findRedisServer().isEmpty()) {
        fprintf(stderr, "lockscope: %s\n", qUtf8Printable(tr("demo: redis-server is not installed (on Debian: apt-get install redis-server)")));
        return SandboxError;
    }
    m_seed = m_options.seedGiven ? m_options.seed : QRandomGenerator::global()->generate();
    TerminationSignals signalWatcher;
    connect(&signalWatcher, &TerminationSignals::received, this, &DemoCommand::interrupt);
    QMetaObject::invokeMethod(this, &DemoCommand::runNext, Qt::QueuedConnection);
    const int code = QCoreApplication::exec();
    // Whatever is still running goes down with its destructors; children die with us anyway.
    delete m_run;
    m_run = nullptr;
    return code;
}

void DemoCommand::runNext()
{
    if (m_queue.isEmpty() || m_interrupted) {
        finish(m_exitCode);
        return;
    }
    const auto [scenario, variant] = m_queue.takeFirst();
    DemoParameters parameters = scenario->variant(variant)->defaults;
    if (m_options.workers > 0)
        parameters.workers = m_options.workers;
    if (m_options.durationS > 0)
        parameters.durationMs = qint64(m_options.durationS * 1000);
    parameters.seed = m_seed;

    m_violationLines = 0;
    m_runStartedMs = 0;
    m_run = new DemoRun(*scenario, variant, parameters, this);
    connect(m_run, &DemoRun::failed, this, [this](const QString &message) {
        fprintf(stderr, "lockscope: %s\n", qUtf8Printable(tr("demo sandbox: %1").arg(message)));
        m_exitCode = SandboxError;
        m_queue.clear();
        finish(SandboxError);
    });
    connect(m_run, &DemoRun::finished, this, &DemoCommand::onFinished);
    connect(m_run, &DemoRun::shutDown, this, [this] {
        m_run->deleteLater();
        m_run = nullptr;
        runNext();
    });
    if (!m_options.json) {
        connect(m_run, &DemoRun::eventLogged, this, &DemoCommand::onEvent);
        print(QStringLiteral("== %1 / %2 — %3\n   %4\n")
                  .arg(scenario->id, DemoScenario::variantId(variant), DemoScenario::translated(scenario->title),
                       scenario->variantText(variant, parameters))
                  .toUtf8());
    }
    m_run->start();
}

void DemoCommand::onEvent(qint64 timeMs, const QString &text, bool bad)
{
    // The run logs a violation as "VIOLATION: …", in the language it speaks.
    static const QString violationPrefix = DemoRun::tr("VIOLATION: %1").section(QLatin1String("%1"), 0, 0);
    const bool isViolation = text.startsWith(violationPrefix);
    if (isViolation && ++m_violationLines > violationLinesShown) {
        if (m_violationLines == violationLinesShown + 1)
            print(tr("   …        further violations are counted, not listed\n").toUtf8());
        return;
    }
    if (m_runStartedMs == 0) // the run's first event is its start
        m_runStartedMs = timeMs;
    const double at = (timeMs - m_runStartedMs) / 1000.0;
    print(QStringLiteral("   %1 s  %2%3\n").arg(at, 5, 'f', 2).arg(bad ? QStringLiteral("! ") : QStringLiteral("  "), text).toUtf8());
}

void DemoCommand::onFinished(const DemoSummary &result)
{
    DemoSummary s = result;
    s.interrupted = m_interrupted;
    print(m_options.json ? s.toJson() : (s.toText() + QLatin1Char('\n')).toUtf8());
    fflush(stdout);
    m_run->shutdown();
}

void DemoCommand::interrupt(int signalNumber)
{
    if (m_interrupted) { // a second Ctrl+C: do not wait for the servers' goodbye
        finish(128 + signalNumber);
        return;
    }
    m_interrupted = true;
    m_exitCode = 128 + signalNumber;
    m_queue.clear();
    if (m_run && !m_run->isFinished())
        m_run->stop(); // prints what was counted; the servers then stop and we exit
    else if (!m_run)
        finish(m_exitCode);
}

void DemoCommand::finish(int code)
{
    if (m_finished)
        return;
    m_finished = true;
    if (!CliCommand::outputWritten() && code == Done)
        code = CliCommand::Refused;
    QCoreApplication::exit(code);
}

void DemoCommand::print(const QByteArray &text)
{
    fwrite(text.constData(), 1, size_t(text.size()), stdout);
    if (!m_options.json)
        fflush(stdout); // a trainer watches it happen
}
