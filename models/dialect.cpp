#include "dialect.h"

bool Dialect::isSideKey(const QByteArray &) const
{
    return false;
}

ActionSupport Dialect::support(AdminAction) const
{
    return ActionSupport::yes();
}
