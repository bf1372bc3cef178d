#include "dialectscommand.h"

#include "clicommand.h"
#include "dialectregistry.h"
#include "jsonwriter.h"
#include "texttable.h"

#include <cstdio>

namespace {
QString actionCell(const ActionSupport &s)
{
    return s.enabled ? DialectsCommand::tr("yes") : DialectsCommand::tr("no");
}
} // namespace

int DialectsCommand::run(const DialectRegistry &registry, bool json)
{
    static const QList<QPair<AdminAction, const char *>> actions = {
        {AdminAction::Acquire, "acquire"}, {AdminAction::Extend, "extend"}, {AdminAction::ForceRelease, "release"}};
    TextTable table({tr("ID"), tr("NAME"), tr("ACQUIRE"), tr("EXTEND"), tr("RELEASE"), tr("WRITTEN BY")});
    QByteArray out;
    for (const Dialect *d : registry.dialects()) {
        if (json) {
            JsonWriter line;
            line.beginObject().field("id", d->id()).field("name", d->displayName()).field("description", d->description());
            line.key("actions").beginObject();
            for (const auto &[action, name] : actions) {
                const ActionSupport s = d->support(action);
                line.key(name).beginObject().field("enabled", s.enabled);
                if (!s.enabled)
                    line.field("reason", s.reason);
                line.endObject();
            }
            line.endObject().endObject();
            out += line.take() + '\n';
            continue;
        }
        // The id as --dialect takes it; the name in the user's language (--json: in English).
        QStringList row{d->id(), d->localizedName()};
        for (const auto &a : actions)
            row << actionCell(d->support(a.first));
        row << d->description();
        table.addRow(row);
    }
    if (!json)
        out = table.render();
    fwrite(out.constData(), 1, size_t(out.size()), stdout);
    return CliCommand::outputWritten() ? CliCommand::Done : CliCommand::Refused;
}
