#pragma once

#include <QString>

// How to reach a bastion host for an SSH tunnel, in ssh's vocabulary. A plain value: secrets in it
// (password, passphrase) are never part of destination() or any message built from it.
struct SshOptions
{
    QString user; // empty: the local user name, as ssh does
    QString host;
    quint16 port = 22;

    // Authentication, first that applies: the key file (with its passphrase), else the password,
    // else the SSH agent and the default keys (~/.ssh/id_*).
    QString privateKeyFile;
    QString passphrase;
    QString password;
    // Insist on the agent: without one running, authentication fails and says so. The agent is
    // tried anyway whenever SSH_AUTH_SOCK is set and neither a key file nor a password is given.
    bool useAgent = false;

    QString knownHostsFile; // empty: ~/.ssh/known_hosts
    // Records an unknown host key without asking (ssh's StrictHostKeyChecking=accept-new).
    // A changed key is refused regardless.
    bool acceptNewHostKey = false;
    // Bounds reaching the bastion, the handshake and authentication (not the time a person
    // takes over an unknown host key), and each channel open to a target.
    int connectTimeoutMs = 10000;

    // Parses "[user@]host[:port]", with an IPv6 address in brackets when a port follows
    // ("ops@[fd00::1]:2222"), or ssh's "ssh://[user@]host[:port]". On failure returns false,
    // sets *error and leaves *options as it was.
    static bool parseDestination(const QString &destination, SshOptions *options, QString *error);

    // user@host:port (IPv6 in brackets); the user only when one is set.
    QString destination() const;
    // How known_hosts names this host: "host" on port 22, else "[host]:port" (lower case).
    QString knownHostsName() const;
    QString knownHostsPath() const;
};
