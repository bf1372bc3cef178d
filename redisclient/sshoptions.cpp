#include "sshoptions.h"

#include <QDir>
#include <QCoreApplication>

namespace {
bool invalid(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// Characters ssh itself refuses in a host name; keeps a typo such as "bastion:22/x" from
// reaching the resolver as a name.
bool isPlausibleHost(const QString &host)
{
    for (const QChar c : host) {
        if (c.isSpace() || c == QLatin1Char('/') || c == QLatin1Char('@') || c == QLatin1Char('[') || c == QLatin1Char(']'))
            return false;
    }
    return !host.isEmpty();
}

QString bracketed(const QString &host)
{
    return host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
}
} // namespace

bool SshOptions::parseDestination(const QString &text, SshOptions *options, QString *error)
{
    if (text.isEmpty())
        return invalid(error, QCoreApplication::translate("SshOptions", "no SSH destination given (expected user@host[:port])"));
    for (const QChar c : text) {
        if (c.isSpace())
            return invalid(error, QCoreApplication::translate("SshOptions", "the SSH destination contains a space: \"%1\"").arg(text));
    }
    // ssh also takes its URI form.
    const QString scheme = QStringLiteral("ssh://");
    const QString body = text.startsWith(scheme, Qt::CaseInsensitive) ? text.mid(scheme.size()) : text;
    // The last '@' separates the user, as in ssh: user names may contain '@' (AD accounts).
    QString user;
    QString rest = body;
    const qsizetype at = body.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        user = body.left(at);
        rest = body.mid(at + 1);
        if (user.isEmpty())
            return invalid(error, QCoreApplication::translate("SshOptions", "the SSH destination has an empty user name: \"%1\"").arg(text));
        if (user.contains(QLatin1Char('/')) || user.contains(QLatin1Char(':')))
            return invalid(error, QCoreApplication::translate("SshOptions", "not a user name: \"%1\"").arg(user));
    }

    QString host;
    QString portText;
    if (rest.startsWith(QLatin1Char('['))) {
        const qsizetype close = rest.indexOf(QLatin1Char(']'));
        if (close < 0)
            return invalid(error, QCoreApplication::translate("SshOptions", "unclosed '[' in the SSH destination: \"%1\"").arg(text));
        host = rest.mid(1, close - 1);
        const QString after = rest.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':')))
                return invalid(error, QCoreApplication::translate("SshOptions", "unexpected \"%1\" after the host in the SSH destination").arg(after));
            portText = after.mid(1);
            if (portText.isEmpty())
                return invalid(error, QCoreApplication::translate("SshOptions", "the SSH destination ends in ':' but gives no port: \"%1\"").arg(text));
        }
    } else if (rest.count(QLatin1Char(':')) > 1) {
        // A bare IPv6 address: its colons are not a port separator (ssh reads it the same way).
        host = rest;
    } else {
        const qsizetype colon = rest.indexOf(QLatin1Char(':'));
        host = colon < 0 ? rest : rest.left(colon);
        if (colon >= 0) {
            portText = rest.mid(colon + 1);
            if (portText.isEmpty())
                return invalid(error, QCoreApplication::translate("SshOptions", "the SSH destination ends in ':' but gives no port: \"%1\"").arg(text));
        }
    }
    if (host.isEmpty())
        return invalid(error, QCoreApplication::translate("SshOptions", "the SSH destination names no host: \"%1\"").arg(text));
    if (!isPlausibleHost(host))
        return invalid(error, QCoreApplication::translate("SshOptions", "not a host name or address: \"%1\"").arg(host));

    quint16 port = 22;
    if (!portText.isEmpty()) {
        bool ok = false;
        const uint value = portText.toUInt(&ok);
        if (!ok || value == 0 || value > 65535)
            return invalid(error, QCoreApplication::translate("SshOptions", "not a port number (1-65535): \"%1\"").arg(portText));
        port = quint16(value);
    }

    options->user = user;
    options->host = host;
    options->port = port;
    return true;
}

QString SshOptions::destination() const
{
    QString text = bracketed(host) + QLatin1Char(':') + QString::number(port);
    if (!user.isEmpty())
        text = user + QLatin1Char('@') + text;
    return text;
}

QString SshOptions::knownHostsName() const
{
    const QString name = host.toLower();
    if (port == 22)
        return name;
    return QLatin1Char('[') + name + QStringLiteral("]:") + QString::number(port);
}

QString SshOptions::knownHostsPath() const
{
    if (!knownHostsFile.isEmpty())
        return knownHostsFile;
    return QDir::homePath() + QStringLiteral("/.ssh/known_hosts");
}
