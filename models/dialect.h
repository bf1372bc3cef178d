#pragma once

#include "keysample.h"
#include "lockinfo.h"

#include <QString>

enum class AdminAction { Acquire, Extend, ForceRelease };

struct ActionSupport
{
    bool enabled = true;
    QString reason; // why not, when disabled

    static ActionSupport yes() { return {}; }
    static ActionSupport no(const QString &why) { return {false, why}; }
};

// How one lock library lays its locks out in Redis. A dialect recognises a key from a
// KeySample alone (no I/O) and decodes its holders; the admin scripts that operate its
// locks live in resources/lua/<id>/ and are run by the app layer.
class Dialect
{
public:
    virtual ~Dialect() = default;

    virtual QString id() const = 0;
    virtual QString displayName() const = 0;

    // How sure this dialect is that the key is one of its locks (0 = not mine; higher wins).
    // On a non-zero answer, lock has been filled with holders and warnings.
    virtual int recognise(const KeySample &sample, LockInfo &lock) const = 0;

    // Keys the library writes next to its locks (queues, counters, latches): attached to
    // their lock rather than listed as locks themselves.
    virtual bool isSideKey(const QByteArray &key) const;

    virtual ActionSupport support(AdminAction action) const;
};
