#include "terminalprompt.h"

#include <QSocketNotifier>

#include <cerrno>
#include <cstdio>
#include <termios.h>
#include <unistd.h>

TerminalPrompt::TerminalPrompt(QObject *parent)
    : QObject(parent)
{
}

TerminalPrompt::~TerminalPrompt()
{
    restoreEcho();
}

bool TerminalPrompt::isInteractive()
{
    return isatty(STDIN_FILENO) == 1;
}

void TerminalPrompt::askSecret(const QString &prompt, Answer answer)
{
    if (m_answer || !isInteractive()) {
        QMetaObject::invokeMethod(this, [answer] { answer(std::nullopt); }, Qt::QueuedConnection);
        return;
    }
    m_answer = std::move(answer);
    m_line.clear();
    termios settings = {};
    if (tcgetattr(STDIN_FILENO, &settings) == 0) {
        m_savedLocalFlags = settings.c_lflag;
        settings.c_lflag &= ~tcflag_t(ECHO);
        // The newline is still shown, so the next output starts on a line of its own.
        settings.c_lflag |= ECHONL;
        m_echoOff = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0;
    }
    fputs(qUtf8Printable(prompt), stderr);
    fflush(stderr);
    m_notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminalPrompt::onReadable);
}

void TerminalPrompt::onReadable()
{
    char buffer[512];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        finish(std::nullopt);
        return;
    }
    m_line.append(buffer, n);
    const qsizetype end = m_line.indexOf('\n');
    if (end < 0)
        return;
    QByteArray line = m_line.left(end);
    if (line.endsWith('\r'))
        line.chop(1);
    // The rest of the buffer held nothing for us; do not keep a secret longer than needed.
    m_line.fill('\0');
    m_line.clear();
    finish(QString::fromLocal8Bit(line));
    line.fill('\0');
}

void TerminalPrompt::finish(std::optional<QString> answer)
{
    restoreEcho();
    delete m_notifier;
    m_notifier = nullptr;
    Answer done = std::exchange(m_answer, {});
    if (done)
        done(std::move(answer));
}

void TerminalPrompt::restoreEcho()
{
    if (!m_echoOff)
        return;
    m_echoOff = false;
    termios settings = {};
    if (tcgetattr(STDIN_FILENO, &settings) == 0) {
        settings.c_lflag = tcflag_t(m_savedLocalFlags);
        tcsetattr(STDIN_FILENO, TCSANOW, &settings);
    }
}
