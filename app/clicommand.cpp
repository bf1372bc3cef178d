#include "clicommand.h"

#include "connectionstore.h"
#include "grouptransport.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "session.h"
#include "terminalprompt.h"
#include "terminationsignals.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <unistd.h>

CliCommand::CliCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_registry(registry)
    , m_sessions(new SessionManager(registry, audit, this))
    , m_signals(new TerminationSignals(this))
{
    connect(m_signals, &TerminationSignals::received, this, [this](int signalNumber) {
        // Already ending, and waiting on the server to put a setting back: asked again, it
        // stops waiting, and says what was left as it was.
        if (m_finished)
            m_sessions->abandonRestores(tr("stopped by signal %1 before the server answered").arg(signalNumber));
        else
            interrupt(signalNumber);
    });
    m_sessions->setStartServices(false);
    m_sessions->setPatterns(options.patterns);
    m_sessions->setReadOnly(options.readOnly);
    connect(m_sessions, &SessionManager::errorOccurred, this, [this](const QString &message) {
        if (!m_started) {
            m_startError = message;
            startOrFail();
        } else if (session() && session()->isServing() && session()->topology()->kind() == RedisTopology::Kind::Cluster) {
            // One master of a cluster lost: the others go on, and what the command needed of
            // that one fails on its own. Said once per message, not at every reconnect.
            if (!m_warned.contains(message)) {
                m_warned.insert(message);
                say(m_oneKey ? message : tr("%1; going on with the other masters").arg(message));
            }
        } else if (!m_tolerateDisconnects || (session() && session()->hasFailedForGood())) {
            connectionFailed(message);
        } else if (!m_warned.contains(message)) {
            // Once per outage: a server down for a minute is not sixty lines.
            m_warned.insert(message);
            say(tr("%1; reconnecting").arg(message));
        }
    });
    connect(m_sessions, &SessionManager::stateChanged, this, [this](Session::State state) {
        if (state == Session::State::Ready)
            m_warned.clear(); // back: the next outage is said again
    });
    // Nobody is there to look at a fingerprint: an unknown bastion is refused, and the
    // operator who has checked it says so with --ssh-accept-new (which records it).
    connect(m_sessions, &SessionManager::hostKeyUnknown, this, &CliCommand::refuseHostKey);
    connect(m_sessions, &SessionManager::hostKeyRecorded, this, &CliCommand::say);
    connect(m_sessions, &SessionManager::restoreFailed, this,
            [](const QString &message) { say(tr("warning: %1").arg(message)); });
    connect(m_sessions, &SessionManager::sandboxFailed, this,
            [this](const QString &message) { fail(ConnectionError, tr("sandbox: %1").arg(message)); });
    connect(m_sessions, &SessionManager::stateChanged, this, &CliCommand::startOrFail);
}

// Runs the command once the session is ready, or degraded (a cluster with a master down:
// what the others hold is still to be seen and acted on). An error before then ends it,
// unless a master of the cluster is still on its way.
void CliCommand::startOrFail()
{
    if (m_started)
        return;
    const Session *s = session();
    const Session::State state = s ? s->state() : Session::State::Connecting;
    if (state == Session::State::Ready || state == Session::State::Degraded) {
        m_started = true;
        if (state == Session::State::Degraded)
            say(tr("not every master answers (%1); going on with those that do").arg(s->mastersNotAnswering().join(QStringLiteral("; "))));
        if (const QString caveat = s->caveat(); !caveat.isEmpty())
            say(tr("warning: %1").arg(caveat));
        run();
        return;
    }
    if (m_startError.isEmpty())
        return;
    if (s && state == Session::State::Connecting && s->topology()->kind() == RedisTopology::Kind::Cluster) {
        const QList<RedisConnection *> masters = s->topology()->masters();
        if (std::any_of(masters.cbegin(), masters.cend(), [](const RedisConnection *m) { return m->state() == RedisConnection::State::Connecting; }))
            return;
    }
    connectionFailed(m_startError);
}

CliCommand::~CliCommand() = default;

void CliCommand::interrupt(int signalNumber)
{
    // A command that ends by itself (scan, an action) was cut short: whatever it printed is
    // not the whole answer, and Ctrl+C is no success (it exited 0). Only a watch, which runs
    // until asked to stop, ends 0 on Ctrl+C and SIGTERM.
    fail(128 + signalNumber, tr("stopped by signal %1 (%2)")
                                                         .arg(signalNumber)
                                                         .arg(QString::fromLocal8Bit(strsignal(signalNumber))));
}

void CliCommand::connectionFailed(const QString &message)
{
    fail(ConnectionError, message);
}

void CliCommand::setSandboxFactory(SessionManager::LauncherFactory factory)
{
    m_sessions->setSandboxFactory(std::move(factory));
}

Session *CliCommand::session() const
{
    return m_sessions->session();
}

RedisTopology *CliCommand::topology() const
{
    return session() ? session()->topology() : nullptr;
}

int CliCommand::exec()
{
    QMetaObject::invokeMethod(this, &CliCommand::open, Qt::QueuedConnection);
    return QCoreApplication::exec();
}

void CliCommand::refuseHostKey(const QString &destination, const QString &fingerprint, const QString &keyType)
{
    fail(ConnectionError, tr("the SSH server %1 is not known: its %2 host key fingerprint is %3, and "
                             "~/.ssh/known_hosts has no entry for it. If that is the bastion's key, run "
                             "again with --ssh-accept-new to accept it and record it there.")
                              .arg(destination, keyType, fingerprint));
}

GroupTransport *CliCommand::groupTransport()
{
    if (!m_groupTransport) {
        m_groupTransport = new GroupTransport(m_options.redlock.nodes, this);
        connect(m_groupTransport, &GroupTransport::hostKeyUnknown, this,
                [this](int, const QString &destination, const QString &fingerprint, const QString &keyType) {
                    refuseHostKey(destination, fingerprint, keyType);
                });
        connect(m_groupTransport, &GroupTransport::hostKeyRecorded, this, &CliCommand::say);
    }
    return m_groupTransport;
}

void CliCommand::open()
{
    // A Redlock group is N deployments, not one session: its command opens its own.
    if (!m_options.redlock.isEmpty()) {
        fillGroupSecrets(0);
        return;
    }
    if (m_options.sandbox) {
        m_sessions->openSandbox();
        return;
    }
    if (!m_store || m_options.connectionName.isEmpty()) {
        m_sessions->connectTo(m_options.connection);
        return;
    }
    m_store->fillSecrets(m_options.connection, this, [this](const ConnectionProfile &filled, const QList<SecretKind> &missing,
                                                            const QString &note) {
        m_options.connection = filled;
        askFor(&m_options.connection, missing, note, [this] { m_sessions->connectTo(m_options.connection); });
    });
}

void CliCommand::fillGroupSecrets(int node)
{
    if (m_finished)
        return;
    if (!m_store || m_options.groupName.isEmpty() || node == m_options.redlock.size()) {
        m_started = true;
        run();
        return;
    }
    m_store->fillSecrets(m_options.redlock.nodes.at(node), this,
                         [this, node](const ConnectionProfile &filled, const QList<SecretKind> &missing, const QString &note) {
                             m_options.redlock.nodes[node] = filled;
                             askFor(&m_options.redlock.nodes[node], missing, note, [this, node] { fillGroupSecrets(node + 1); });
                         });
}

void CliCommand::askFor(ConnectionProfile *profile, QList<SecretKind> missing, const QString &note, std::function<void()> then)
{
    if (m_finished)
        return;
    if (missing.isEmpty()) {
        then();
        return;
    }
    const ConnectionProfile &c = *profile;
    const SecretKind kind = missing.takeFirst();
    if (!TerminalPrompt::isInteractive()) {
        const QString env = kind == SecretKind::RedisPassword ? tr(", or set REDISCLI_AUTH") : QString();
        fail(ConnectionError, tr("the saved connection \"%1\" needs its %2, and it is not at hand: %3 "
                                             "Run lockscope on a terminal to be asked for it%4.")
                                  .arg(c.name, SecretKinds::text(kind), note, env));
        return;
    }
    if (!note.isEmpty())
        say(note);
    if (!m_prompt)
        m_prompt = new TerminalPrompt(this);
    m_prompt->askSecret(tr("%1 for %2: ").arg(SecretKinds::text(kind), c.name), [this, profile, kind, missing, then](std::optional<QString> answer) {
        if (!answer || answer->isEmpty()) {
            fail(ConnectionError, tr("no %1 given for \"%2\"; nothing was connected").arg(SecretKinds::text(kind), profile->name));
            return;
        }
        // Kept in this process's memory only, for this run.
        profile->setSecret(kind, *answer);
        askFor(profile, missing, QString(), then);
    });
}

void CliCommand::finish(int code)
{
    if (m_finished)
        return;
    m_finished = true;
    if (!outputWritten() && code == Done)
        code = Refused;
    // However the command ends, the session closes in order and what it changed on the
    // server (keyspace notifications) is put back before the process goes.
    m_sessions->shutdown(this, [code] { QCoreApplication::exit(code); });
}

void CliCommand::fail(int code, const QString &message)
{
    if (m_finished)
        return;
    say(message);
    finish(code);
}

void CliCommand::say(const QString &message)
{
    fprintf(stderr, "lockscope: %s\n", qUtf8Printable(message));
}

bool CliCommand::print(const QByteArray &text)
{
    if (m_finished)
        return false;
    if (fwrite(text.constData(), 1, size_t(text.size()), stdout) == size_t(text.size()))
        return true;
    finish(Refused); // which says what was lost
    return false;
}

bool CliCommand::printNow(const QByteArray &text)
{
    if (!print(text))
        return false;
    if (outputWritten())
        return true;
    finish(Refused);
    return false;
}

bool CliCommand::outputWritten()
{
    static bool reported = false;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return true;
    const int error = errno;
    if (!std::exchange(reported, true))
        say(tr("could not write the output: %1").arg(QString::fromLocal8Bit(strerror(error))));
    return false;
}

bool CliCommand::confirmAction(const QString &description, const QString &command, const QString &where) const
{
    if (m_options.yes || !isatty(STDIN_FILENO))
        return true;
    fputs(qUtf8Printable(tr("%1\n  will run: %2\n  on: %3\nProceed? [y/N] ").arg(description, command, where)), stderr);
    fflush(stderr);
    std::string answer;
    if (!std::getline(std::cin, answer))
        return false;
    return answer == "y" || answer == "Y" || answer == "yes";
}

int CliCommand::exitCodeOf(AdminResult::Outcome outcome, bool reachable)
{
    switch (outcome) {
    case AdminResult::Outcome::Done:
        return Done;
    case AdminResult::Outcome::Refused:
        return Refused;
    case AdminResult::Outcome::Unknown: // it may have run: as a connection error, with how to look
        return ConnectionError;
    case AdminResult::Outcome::Failed:
        break;
    }
    return reachable ? Refused : ConnectionError;
}
