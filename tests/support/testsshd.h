#pragma once

#include "sshoptions.h"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

// A real sshd for one test: a free loopback port, a temporary directory with throwaway host and
// user keys made by ssh-keygen, key login for the current user only (root included, as
// prohibit-password allows). Stopped, with its session processes, and removed at the end.
class TestSshd final
{
public:
    TestSshd();
    ~TestSshd();

    // Before start(): a bastion that refuses direct-tcpip channels ("AllowTcpForwarding no").
    void setAllowTcpForwarding(bool allow) { m_allowTcpForwarding = allow; }
    bool start();
    void stop();
    // Ends every open SSH session (their sshd processes) and leaves the listener up: a
    // session lost while the bastion stays, as when the network drops it.
    void dropSessions();

    quint16 port() const { return m_port; }
    QString dir() const { return m_dir.path(); }
    QString userName() const { return m_user; }
    // An authorized key without a passphrase, an authorized one with passphrase(), and one
    // sshd does not know.
    QString userKeyFile() const;
    QString protectedKeyFile() const;
    static QString passphrase();
    QString strangerKeyFile() const;
    // The host key's fingerprint as ssh-keygen -lf prints it ("SHA256:...").
    QString hostKeyFingerprint() const { return m_hostFingerprint; }
    // How known_hosts names this server ("[127.0.0.1]:port").
    QString knownHostsName() const;
    // Writes known_hosts with this server's own key, as ssh would have recorded it.
    bool trustIn(const QString &knownHostsFile) const;
    // A known_hosts line naming this server with some other ed25519 key.
    QString knownHostsLineWithOtherKey() const { return knownHostsName() + QLatin1Char(' ') + m_otherHostKey; }
    // User, host, port and the authorized key; the caller picks a known_hosts file.
    SshOptions options() const;
    // sshd's log (stderr) so far.
    QString log();

    // $HOME set to home for this process and the programs it starts (known_hosts and the
    // default keys are the user's: the test's own then), with an empty ~/.ssh as ssh wants
    // it, and no agent.
    static bool useHome(const QString &home);

    // Runs a program to completion (ssh-keygen, ssh-add); tests may wait.
    static bool run(const QString &program, const QStringList &arguments, QString *output = nullptr,
                    const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

private:
    bool makeKeys();
    bool launch();
    QList<qint64> sessionProcesses() const;

    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_user;
    quint16 m_port = 0;
    QString m_hostFingerprint;
    QString m_otherHostKey;
    QByteArray m_log;
    bool m_allowTcpForwarding = true;
};
