#include "monitorline.h"

#include "tokentext.h"

std::optional<MonitorLine> MonitorLine::parse(const QByteArray &line)
{
    MonitorLine out;
    const qsizetype open = line.indexOf(" [");
    const qsizetype close = line.indexOf("] ", open);
    if (open <= 0 || close < 0)
        return std::nullopt;

    const QByteArray time = line.left(open);
    const qsizetype dot = time.indexOf('.');
    bool okSeconds = false, okMicros = true;
    const qint64 seconds = (dot < 0 ? time : time.left(dot)).toLongLong(&okSeconds);
    qint64 micros = 0;
    if (dot >= 0) {
        const QByteArray frac = time.mid(dot + 1).leftJustified(6, '0', true);
        micros = frac.toLongLong(&okMicros);
    }
    if (!okSeconds || !okMicros)
        return std::nullopt;
    out.timeUs = seconds * 1'000'000 + micros;

    const QByteArray who = line.mid(open + 2, close - open - 2);
    const qsizetype space = who.indexOf(' ');
    bool okDb = false;
    out.database = who.left(space).toInt(&okDb);
    if (!okDb || space < 0)
        return std::nullopt;
    out.client = who.mid(space + 1);

    // Arguments: "..." separated by single spaces.
    const char *p = line.constData() + close + 2;
    const char *end = line.constData() + line.size();
    while (p < end) {
        if (*p == ' ') {
            ++p;
            continue;
        }
        if (*p != '"')
            return std::nullopt;
        ++p;
        QByteArray arg;
        bool closed = false;
        while (p < end) {
            const char c = *p++;
            if (c == '"') {
                closed = true;
                break;
            }
            if (c != '\\') {
                arg += c;
                continue;
            }
            if (p >= end)
                return std::nullopt;
            const char e = *p++;
            switch (e) {
            case 'n':
                arg += '\n';
                break;
            case 'r':
                arg += '\r';
                break;
            case 't':
                arg += '\t';
                break;
            case 'a':
                arg += '\a';
                break;
            case 'b':
                arg += '\b';
                break;
            case 'x': {
                if (end - p < 2)
                    return std::nullopt;
                const int hi = TokenText::hexDigit(p[0]), lo = TokenText::hexDigit(p[1]);
                if (hi < 0 || lo < 0)
                    return std::nullopt;
                arg += char(hi * 16 + lo);
                p += 2;
                break;
            }
            default: // \" and \\ and anything else Redis might escape
                arg += e;
                break;
            }
        }
        if (!closed)
            return std::nullopt;
        out.args << arg;
    }
    if (out.args.isEmpty())
        return std::nullopt;
    return out;
}
