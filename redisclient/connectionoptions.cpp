#include "connectionoptions.h"

QString ConnectionOptions::displayName() const
{
    QString name = socketPath.isEmpty() ? host + QLatin1Char(':') + QString::number(port) : socketPath;
    if (database != 0)
        name += QLatin1Char('/') + QString::number(database);
    if (!user.isEmpty())
        name = user + QLatin1Char('@') + name;
    return name;
}
