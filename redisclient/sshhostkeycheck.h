#pragma once

#include <QString>

// libssh stays out of headers: the session is only passed through.
struct ssh_session_struct;

// What known_hosts says about the host key a connected session was offered, with what a person
// needs to decide: the fingerprint as OpenSSH prints it and, for a changed key, the file and
// line that holds the other one. Reads files, so it runs on the tunnel's worker thread.
class SshHostKeyCheck final
{
public:
    // Revoked: a "@revoked" line of known_hosts names this very key; refused whatever else
    // the files say, as OpenSSH does (libssh reads past the marker).
    enum class Verdict { Known, Unknown, Changed, Revoked, Error };

    // knownHostsName is the host as known_hosts names it ("[127.0.0.1]:2222").
    SshHostKeyCheck(ssh_session_struct *session, const QString &knownHostsName);

    Verdict verdict() const { return m_verdict; }
    // "SHA256:<base64>", the field ssh-keygen -l and ssh's prompts show.
    QString fingerprint() const { return m_fingerprint; }
    // "ED25519", "RSA", "ECDSA"...: OpenSSH's names, as in "ED25519 key fingerprint is ...".
    QString keyType() const { return m_keyType; }
    // "FILE:LINE" of the known_hosts entry with another key for this host (Changed), or of
    // the line that revokes this one (Revoked).
    QString conflictingEntry() const { return m_conflictingEntry; }
    QString userKnownHostsFile() const { return m_userFile; }
    QString errorString() const { return m_error; }

    // Appends the key to the user known_hosts file (creating it and its directory).
    bool record(QString *error);

private:
    ssh_session_struct *m_session;
    QString m_name;
    Verdict m_verdict = Verdict::Error;
    QString m_fingerprint;
    QString m_keyType;
    QString m_conflictingEntry;
    QString m_userFile;
    QString m_globalFile;
    QString m_error;
};
