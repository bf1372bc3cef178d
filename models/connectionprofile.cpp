#include "connectionprofile.h"

#include <QObject>
#include <QUrl>
#include <QUrlQuery>

#include <optional>

namespace {
bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

std::optional<int> databaseNumber(const QString &text)
{
    bool ok = false;
    const int db = text.toInt(&ok);
    if (!ok || db < 0)
        return std::nullopt;
    return db;
}
} // namespace

bool ConnectionProfile::applyUrl(const QString &text, QString *error)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("redis") && scheme != QLatin1String("rediss")))
        return fail(error, QObject::tr("not a redis:// or rediss:// URL: %1").arg(text));
    if (url.host().isEmpty())
        return fail(error, QObject::tr("the URL names no host: %1").arg(text));
    if (url.port() == 0)
        return fail(error, QObject::tr("the URL's port is not a number from 1 to 65535: %1").arg(text));

    std::optional<int> db = 0;
    const QString path = url.path();
    const bool pathDb = path.size() > 1;
    if (pathDb) {
        db = databaseNumber(path.mid(1));
        if (!db)
            return fail(error, QObject::tr("the URL's database is not a number: %1").arg(path.mid(1)));
    }
    // redis-py and others also take the database as a query parameter; anything else in the
    // query would be silently ignored, so it is refused instead.
    const QUrlQuery query(url);
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name != QLatin1String("db"))
            return fail(error, QObject::tr("LockScope does not understand the URL parameter \"%1\"").arg(name));
        if (pathDb)
            return fail(error, QObject::tr("the URL names the database twice (/%1 and ?db=%2)").arg(path.mid(1), value));
        db = databaseNumber(value);
        if (!db)
            return fail(error, QObject::tr("the URL's database is not a number: %1").arg(value));
    }

    tls.enabled = scheme == QLatin1String("rediss");
    host = url.host();
    port = quint16(url.port(6379));
    database = *db;
    // As in redis-cli: "user:pass@" is an ACL user and password, a lone "secret@" is a password.
    if (url.userInfo().contains(QLatin1Char(':'))) {
        user = url.userName(QUrl::FullyDecoded);
        password = url.password(QUrl::FullyDecoded);
    } else {
        user.clear();
        password = url.userName(QUrl::FullyDecoded);
    }
    return true;
}

QString ConnectionProfile::endpoint() const
{
    // An IPv6 address needs brackets before its port, as in a URL.
    const QString h = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return h + QLatin1Char(':') + QString::number(port);
}

QString ConnectionProfile::displayName() const
{
    if (!name.isEmpty())
        return name;
    QString text = endpoint();
    if (database != 0)
        text += QLatin1Char('/') + QString::number(database);
    if (!user.isEmpty())
        text = user + QLatin1Char('@') + text;
    return text;
}
