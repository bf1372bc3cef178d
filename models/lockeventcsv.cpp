#include "lockeventcsv.h"

#include "lockeventlog.h"
#include "tokentext.h"

#include <QAbstractItemModel>
#include <QDateTime>

namespace {
void field(QByteArray &out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    if (utf8.contains(',') || utf8.contains('"') || utf8.contains('\n') || utf8.contains('\r')) {
        QByteArray quoted = utf8;
        quoted.replace('"', "\"\"");
        out += '"' + quoted + '"';
    } else {
        out += utf8;
    }
    out += ',';
}

void number(QByteArray &out, qint64 value)
{
    if (value != LockEvent::unknown)
        out += QByteArray::number(value);
    out += ',';
}
} // namespace

QByteArray LockEventCsv::header()
{
    return "time_ms,time,event,key,dialect,holder,token,previous_holder,previous_token,ttl_ms,held_ms,ttl_left_ms,"
           "lease_ms,renew_interval_ms,waiters,failed_attempts,reason,inferred\n";
}

QByteArray LockEventCsv::row(const LockEvent &e)
{
    QByteArray out;
    out.reserve(256);
    number(out, e.timeMs);
    field(out, QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(Qt::ISODateWithMs));
    field(out, LockEvent::kindId(e.kind));
    field(out, TokenText::escape(e.key));
    field(out, e.dialect);
    field(out, e.holder);
    field(out, TokenText::escape(e.token));
    field(out, e.previousHolder);
    field(out, TokenText::escape(e.previousToken));
    number(out, e.ttlMs);
    number(out, e.heldMs);
    number(out, e.ttlLeftMs);
    number(out, e.leaseMs);
    number(out, e.intervalMs);
    number(out, e.waiters);
    number(out, e.failedAttempts);
    field(out, e.reason);
    out += e.inferred ? "true" : "false";
    out += '\n';
    return out;
}

QByteArray LockEventCsv::fromModel(const QAbstractItemModel &model)
{
    QByteArray out = header();
    const int rows = model.rowCount();
    out.reserve(out.size() + rows * 200);
    for (int r = 0; r < rows; ++r)
        out += row(model.index(r, 0).data(LockEventLog::EventRole).value<LockEvent>());
    return out;
}
