#include "plaindialect.h"

#include "tokenshape.h"

#include <QCoreApplication>
#include <QObject>

int PlainDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (sample.type != RedisType::String || sample.size <= 0 || sample.size > maxTokenSize || sample.truncated)
        return 0;
    LockHolder holder;
    holder.token = sample.value;
    QByteArray uuid, thread;
    if (TokenShape::splitUuidThread(sample.value, &uuid, &thread)) {
        holder.holder = QObject::tr("client %1, thread %2").arg(QString::fromLatin1(uuid), QString::fromLatin1(thread));
        holder.fields = {{QStringLiteral("client"), QString::fromLatin1(uuid)},
                         {QStringLiteral("thread"), QString::fromLatin1(thread)}};
    }
    lock.holders = {holder};
    return score;
}

QString PlainDialect::description() const
{
    return QCoreApplication::translate("Dialect", "The Redis docs' recipe and hand-rolled locks: any short token, compare-and-delete");
}
