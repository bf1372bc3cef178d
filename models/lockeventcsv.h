#pragma once

#include "lockevent.h"

#include <QByteArray>

class QAbstractItemModel;

// Lock events as CSV (RFC 4180 quoting), for spreadsheets: one header line, one row per
// event, numbers that were not observed left empty. Keys and tokens are escaped as redis-cli
// shows bytes, so a binary token survives the trip.
class LockEventCsv final
{
public:
    static QByteArray header();
    static QByteArray row(const LockEvent &event);
    // Every row of a model whose EventRole gives the LockEvent (the log, or a filtered view of it).
    static QByteArray fromModel(const QAbstractItemModel &model);
};
