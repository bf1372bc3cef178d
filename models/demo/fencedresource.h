#pragma once

#include <QtGlobal>

// The resource a lock protects (a file, a row, a payment), as a storage service that may
// check fencing tokens: every access carries the number the holder got when it took the
// lock, and with checking on, an access with a lower number than one already seen is
// rejected. That is what stops a holder that woke from a pause after its lock expired.
class FencedResource final
{
public:
    explicit FencedResource(bool checksTokens = true) : m_checks(checksTokens) {}

    bool checksTokens() const { return m_checks; }
    void setChecksTokens(bool on) { m_checks = on; }

    // A read at the start of the holder's work: registers the token. False when rejected.
    bool read(qint64 token);
    // The write at the end of the work. False when rejected.
    bool write(qint64 token);

    qint64 highestToken() const { return m_highest; }
    qint64 writes() const { return m_writes; }
    qint64 rejected() const { return m_rejected; }

private:
    bool admit(qint64 token);

    bool m_checks;
    qint64 m_highest = 0;
    qint64 m_writes = 0;
    qint64 m_rejected = 0;
};
