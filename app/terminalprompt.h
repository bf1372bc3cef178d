#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QSocketNotifier;

// Asks for a secret on the terminal, as ssh and sudo do: the prompt on stderr, the answer
// read from stdin with echo off, one line. The answer is read from the event loop, so
// Ctrl+C still ends the command at once; echo comes back however the question ends (the
// answer, end of input, or this object's destruction).
class TerminalPrompt final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalPrompt)

public:
    // The typed line without its newline, or nothing at end of input.
    using Answer = std::function<void(std::optional<QString> answer)>;

    explicit TerminalPrompt(QObject *parent = nullptr);
    ~TerminalPrompt() override;

    // Whether stdin is a terminal someone can answer on.
    static bool isInteractive();

    // One question at a time; a second ask() while one is open is refused with nothing.
    void askSecret(const QString &prompt, Answer answer);

private:
    void onReadable();
    void finish(std::optional<QString> answer);
    void restoreEcho();

    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_line;
    Answer m_answer;
    bool m_echoOff = false;
    unsigned m_savedLocalFlags = 0;
};
