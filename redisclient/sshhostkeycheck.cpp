#include "sshhostkeycheck.h"

#include <cctype>
#include <memory>

#include <libssh/libssh.h>

#include <QFile>
#include <QCoreApplication>

namespace {
struct KeyDeleter {
    void operator()(ssh_key key) const { ssh_key_free(key); }
};
using KeyPointer = std::unique_ptr<ssh_key_struct, KeyDeleter>;

struct EntryDeleter {
    void operator()(ssh_knownhosts_entry *entry) const { ssh_knownhosts_entry_free(entry); }
};
using EntryPointer = std::unique_ptr<ssh_knownhosts_entry, EntryDeleter>;

struct CharDeleter {
    void operator()(char *text) const { ssh_string_free_char(text); }
};
using CharPointer = std::unique_ptr<char, CharDeleter>;

// OpenSSH's sshkey_type() names, which its prompts and ssh-keygen -l use; libssh's own
// names are the wire names ("ssh-ed25519").
QString openSshTypeName(ssh_keytypes_e type)
{
    switch (type) {
    case SSH_KEYTYPE_ED25519:
        return QStringLiteral("ED25519");
    case SSH_KEYTYPE_RSA:
        return QStringLiteral("RSA");
    case SSH_KEYTYPE_DSS:
        return QStringLiteral("DSA");
    case SSH_KEYTYPE_ECDSA:
    case SSH_KEYTYPE_ECDSA_P256:
    case SSH_KEYTYPE_ECDSA_P384:
    case SSH_KEYTYPE_ECDSA_P521:
        return QStringLiteral("ECDSA");
    case SSH_KEYTYPE_SK_ECDSA:
        return QStringLiteral("ECDSA-SK");
    case SSH_KEYTYPE_SK_ED25519:
        return QStringLiteral("ED25519-SK");
    default:
        break;
    }
    const char *name = ssh_key_type_to_char(type);
    return name ? QString::fromLatin1(name) : QStringLiteral("unknown");
}

QString sessionOption(ssh_session session, ssh_options_e option)
{
    char *value = nullptr;
    if (ssh_options_get(session, option, &value) != SSH_OK)
        return {};
    const CharPointer owned(value);
    return QString::fromLocal8Bit(value);
}

// The first known_hosts line for this host (hashed entries and patterns matched as libssh
// matches them, by ssh_known_hosts_parse_line) whose key is, or is not, serverKey: its
// "FILE:LINE", or empty. Plain entries; with a marker, only the lines it marks ("@revoked"),
// the marker taken off. libssh answers "changed" but not where the other key is written, and
// reads past "@revoked": a person fixing either needs the line.
QString findEntry(const QStringList &files, const QString &name, ssh_key serverKey, const QByteArray &marker, bool sameKey)
{
    const QByteArray host = name.toUtf8();
    for (const QString &path : files) {
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
            continue;
        int lineNumber = 0;
        while (!file.atEnd()) {
            QByteArray entryText = file.readLine().trimmed();
            ++lineNumber;
            if (entryText.isEmpty() || entryText.startsWith('#'))
                continue;
            if (marker.isEmpty() ? entryText.startsWith('@')
                                 : !entryText.startsWith(marker) || entryText.size() <= marker.size() || !std::isspace(uchar(entryText.at(marker.size()))))
                continue;
            if (!marker.isEmpty())
                entryText = entryText.mid(marker.size());
            // Fields may be parted by tabs, as OpenSSH allows; libssh splits on spaces only.
            entryText = entryText.simplified();
            ssh_knownhosts_entry *raw = nullptr;
            if (ssh_known_hosts_parse_line(host.constData(), entryText.constData(), &raw) != SSH_OK)
                continue;
            const EntryPointer entry(raw);
            if ((ssh_key_cmp(serverKey, entry->publickey, SSH_KEY_CMP_PUBLIC) == 0) == sameKey)
                return path + QLatin1Char(':') + QString::number(lineNumber);
        }
    }
    return {};
}

// libssh appends its line as is: a file whose last line has no newline would get the new
// entry glued to it, corrupting both.
bool endWithNewline(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.exists() || file.size() == 0)
        return true;
    if (!file.open(QIODevice::ReadWrite)) {
        *error = QCoreApplication::translate("SshHostKeyCheck", "cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    file.seek(file.size() - 1);
    char last = 0;
    if (file.read(&last, 1) == 1 && last != '\n' && file.write("\n", 1) != 1) {
        *error = QCoreApplication::translate("SshHostKeyCheck", "cannot write to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}
} // namespace

SshHostKeyCheck::SshHostKeyCheck(ssh_session_struct *session, const QString &knownHostsName)
    : m_session(session)
    , m_name(knownHostsName)
{
    m_userFile = sessionOption(session, SSH_OPTIONS_KNOWNHOSTS);
    m_globalFile = sessionOption(session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS);

    ssh_key key = nullptr;
    if (ssh_get_server_publickey(session, &key) != SSH_OK) {
        m_error = QCoreApplication::translate("SshHostKeyCheck", "the server sent no host key: %1").arg(QString::fromUtf8(ssh_get_error(session)));
        return;
    }
    const KeyPointer serverKey(key);
    m_keyType = openSshTypeName(ssh_key_type(key));

    unsigned char *hash = nullptr;
    size_t hashLength = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength) != 0) {
        m_error = QCoreApplication::translate("SshHostKeyCheck", "cannot hash the server's host key");
        return;
    }
    const CharPointer fingerprint(ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLength));
    ssh_clean_pubkey_hash(&hash);
    if (!fingerprint) {
        m_error = QCoreApplication::translate("SshHostKeyCheck", "cannot format the server's host key fingerprint");
        return;
    }
    m_fingerprint = QString::fromLatin1(fingerprint.get());

    if (const QString revoking = findEntry({m_userFile, m_globalFile}, m_name, key, "@revoked", true); !revoking.isEmpty()) {
        m_verdict = Verdict::Revoked;
        m_conflictingEntry = revoking;
        return;
    }
    switch (ssh_session_is_known_server(session)) {
    case SSH_KNOWN_HOSTS_OK:
        m_verdict = Verdict::Known;
        break;
    // OTHER: known_hosts holds a key of another type for this host. libssh already asks the
    // server for the recorded types first, so a server that no longer offers them is treated
    // like one whose key changed, not like a new host.
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
        m_verdict = Verdict::Changed;
        m_conflictingEntry = findEntry({m_userFile, m_globalFile}, m_name, key, {}, false);
        break;
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        m_verdict = Verdict::Unknown;
        break;
    case SSH_KNOWN_HOSTS_ERROR:
        m_verdict = Verdict::Error;
        m_error = QCoreApplication::translate("SshHostKeyCheck", "cannot check the host key against %1: %2").arg(m_userFile, QString::fromUtf8(ssh_get_error(session)));
        break;
    }
}

bool SshHostKeyCheck::record(QString *error)
{
    QString why;
    if (!endWithNewline(m_userFile, &why)) {
        *error = why;
        return false;
    }
    if (ssh_session_update_known_hosts(m_session) != SSH_OK) {
        *error = QString::fromUtf8(ssh_get_error(m_session));
        return false;
    }
    return true;
}
