#include "clicommand.h"

#include "embeddedsandbox.h"
#include "redisconnection.h"

#include <QCoreApplication>

CliCommand::CliCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_registry(registry)
{
}

CliCommand::~CliCommand() = default;

int CliCommand::exec()
{
    QMetaObject::invokeMethod(this, [this] {
        if (!m_options.sandbox) {
            connectTo(m_options.connection);
            return;
        }
        m_sandbox = new EmbeddedSandbox(this);
        connect(m_sandbox, &EmbeddedSandbox::failed, this, [this](const QString &message) {
            fail(ConnectionError, QStringLiteral("sandbox: %1").arg(message));
        });
        connect(m_sandbox, &EmbeddedSandbox::ready, this, &CliCommand::connectTo);
        m_sandbox->start();
    }, Qt::QueuedConnection);
    return QCoreApplication::exec();
}

void CliCommand::connectTo(const ConnectionOptions &target)
{
    ConnectionOptions options = target;
    options.autoReconnect = m_tolerateDisconnects;
    options.clientName = QStringLiteral("lockscope-cli");
    m_connection = new RedisConnection(options, this);
    connect(m_connection, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind, const QString &message) {
        if (!m_tolerateDisconnects || !m_started)
            fail(ConnectionError, message);
        else
            fprintf(stderr, "lockscope: %s; reconnecting\n", qUtf8Printable(message));
    });
    connect(m_connection, &RedisConnection::ready, this, [this] {
        if (m_started)
            return;
        m_started = true;
        run();
    });
    m_connection->open();
}

void CliCommand::finish(int code)
{
    if (m_finished)
        return;
    m_finished = true;
    fflush(stdout);
    QCoreApplication::exit(code);
}

void CliCommand::fail(int code, const QString &message)
{
    if (m_finished)
        return;
    fprintf(stderr, "lockscope: %s\n", qUtf8Printable(message));
    finish(code);
}

void CliCommand::print(const QByteArray &text)
{
    fwrite(text.constData(), 1, size_t(text.size()), stdout);
}
