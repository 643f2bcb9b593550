// Paints the command log's Command and Reply columns so that a narrow column still shows whose
// command it is: the text is shortened in the key (and in an EVAL's script or an EVALSHA's digest),
// never in the token that follows, where Qt's middle elision cut exactly the token (issue 12). A
// reply is cut at its end: its start says what it is. The whole text stays in the tooltip.
#pragma once

#include <QStyledItemDelegate>

namespace lockscope::ui {

// `text` shortened to `width` pixels of `metrics`: first the script or digest of EVAL/EVALSHA,
// then `key`, each elided in its middle; only what still does not fit is cut at the end.
QString elideCommand(const QString &text, const QString &key, const QFontMetrics &metrics,
                     int width);

class CommandTextDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lockscope::ui
