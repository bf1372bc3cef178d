#include "demolock.h"

DemoLock::DemoLock(const QByteArray &key, QObject *parent)
    : QObject(parent)
    , m_key(key)
{
}

DemoLock::~DemoLock() = default;
