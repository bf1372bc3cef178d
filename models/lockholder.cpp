#include "lockholder.h"

QString LockHolder::field(const QString &name) const
{
    for (const auto &f : fields)
        if (f.first == name)
            return f.second;
    return {};
}
