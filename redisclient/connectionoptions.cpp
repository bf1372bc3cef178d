#include "connectionoptions.h"

#include <QUrl>

bool ConnectionOptions::applyUrl(const QString &text, QString *error)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("redis") && scheme != QLatin1String("rediss"))) {
        if (error)
            *error = QStringLiteral("not a redis:// URL: %1").arg(text);
        return false;
    }
    if (url.host().isEmpty()) {
        if (error)
            *error = QStringLiteral("the URL names no host: %1").arg(text);
        return false;
    }
    const QString path = url.path();
    int db = 0;
    if (path.size() > 1) {
        bool ok = false;
        db = path.mid(1).toInt(&ok);
        if (!ok || db < 0) {
            if (error)
                *error = QStringLiteral("the URL's database is not a number: %1").arg(path.mid(1));
            return false;
        }
    }
    tls = scheme == QLatin1String("rediss");
    host = url.host();
    port = quint16(url.port(6379));
    database = db;
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

QString ConnectionOptions::displayName() const
{
    QString name = host + QLatin1Char(':') + QString::number(port);
    if (database != 0)
        name += QLatin1Char('/') + QString::number(database);
    if (!user.isEmpty())
        name = user + QLatin1Char('@') + name;
    return name;
}
