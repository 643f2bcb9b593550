#include "command_text_delegate.h"

#include "command_log_model.h"

#include <QApplication>
#include <QFontMetrics>
#include <QStyle>

namespace lockscope::ui {

namespace {

// Replaces text[from, from + length) by its middle-elided form, at most `room` pixels wide
// (an ellipsis alone when there is no room at all).
QString shrink(const QString &text, qsizetype from, qsizetype length, const QFontMetrics &fm,
               int room)
{
    const QString part = text.mid(from, length);
    const QString ellipsis = QStringLiteral("…");
    const QString shown = room > fm.horizontalAdvance(ellipsis)
                              ? fm.elidedText(part, Qt::ElideMiddle, room)
                              : ellipsis;
    return text.left(from) + (shown.isEmpty() ? ellipsis : shown) + text.mid(from + length);
}

} // namespace

QString elideCommand(const QString &text, const QString &key, const QFontMetrics &fm, int width)
{
    QString out = text;
    if (fm.horizontalAdvance(out) <= width)
        return out;
    // EVAL <script> / EVALSHA <sha1>: the second word is the least telling part.
    if (out.startsWith(QLatin1String("EVAL"), Qt::CaseInsensitive)) {
        const qsizetype a = out.indexOf(QLatin1Char(' '));
        const qsizetype b = a < 0 ? -1 : out.indexOf(QLatin1Char(' '), a + 1);
        if (a > 0 && b > a + 1) {
            const int rest =
                fm.horizontalAdvance(out) - fm.horizontalAdvance(out.mid(a + 1, b - a - 1));
            out = shrink(out, a + 1, b - a - 1, fm, qMax(0, width - rest));
            if (fm.horizontalAdvance(out) <= width)
                return out;
        }
    }
    // The key, where it first follows the command's name.
    const qsizetype name = out.indexOf(QLatin1Char(' '));
    const qsizetype at = key.isEmpty() || name < 0 ? -1 : out.indexOf(key, name);
    if (at > 0) {
        const int rest = fm.horizontalAdvance(out) - fm.horizontalAdvance(key);
        out = shrink(out, at, key.size(), fm, qMax(0, width - rest));
    }
    return fm.elidedText(out, Qt::ElideRight, width);
}

void CommandTextDelegate::initStyleOption(QStyleOptionViewItem *option,
                                          const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QStyle *style = option->widget ? option->widget->style() : QApplication::style();
    // The view item's text margins, as QCommonStyle lays the text out.
    const int margin =
        style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option->widget) + 1;
    const int width = option->rect.width() - 2 * margin;
    if (width <= 0)
        return;
    const QFontMetrics fm(option->font);
    if (index.column() == CommandLogModel::CommandColumn)
        option->text =
            elideCommand(option->text, index.data(CommandLogModel::KeyRole).toString(), fm, width);
    else // a reply: its start says what it is ("(error) ERR", a token's owner "A:1:…")
        option->text = fm.elidedText(option->text, Qt::ElideRight, width);
}

} // namespace lockscope::ui
