#include "fencedresource.h"

#include <algorithm>

bool FencedResource::admit(qint64 token)
{
    if (m_checks && token < m_highest) {
        ++m_rejected;
        return false;
    }
    m_highest = std::max(m_highest, token);
    return true;
}

bool FencedResource::read(qint64 token)
{
    return admit(token);
}

bool FencedResource::write(qint64 token)
{
    if (!admit(token))
        return false;
    ++m_writes;
    return true;
}
