#include "strategy_source_view.h"

#include "common/theme.h"

#include <QApplication>
#include <QFontDatabase>
#include <QTextBlock>

namespace lockscope::ui {

StrategySourceView::StrategySourceView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(QApplication::font().pointSizeF()); // as large as the rest, for projection
    setFont(mono);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
}

void StrategySourceView::setSource(const StrategySource &source)
{
    m_source = source;
    m_step = -2;
    setPlainText(source.text);
    setCurrentStep(-1, {});
}

void StrategySourceView::setCurrentStep(int step, const QColor &color)
{
    if (step == m_step && color == m_color)
        return;
    m_step = step;
    m_color = color;
    QList<QTextEdit::ExtraSelection> selections;
    if (step >= 0 && step < int(m_source.steps.size())) {
        const SourceStep &s = m_source.steps[std::size_t(step)];
        const QTextBlock first = document()->findBlockByNumber(s.firstLine);
        const QTextBlock last = document()->findBlockByNumber(s.lastLine);
        QColor bg = color.isValid() ? color : palette().color(QPalette::Highlight);
        bg.setAlpha(isDarkPalette(palette()) ? 90 : 60);
        // One full-width band per line, so the step reads as one block.
        for (QTextBlock b = first; b.isValid() && b.blockNumber() <= s.lastLine; b = b.next()) {
            QTextEdit::ExtraSelection sel;
            sel.cursor = QTextCursor(b);
            sel.format.setBackground(bg);
            sel.format.setProperty(QTextFormat::FullWidthSelection, true);
            selections.append(sel);
        }
        // Keep the highlighted step in view, without moving the user's own selection.
        QTextCursor view(last);
        setTextCursor(view);
        ensureCursorVisible();
        QTextCursor top(first);
        setTextCursor(top);
        ensureCursorVisible();
    }
    setExtraSelections(selections);
}

} // namespace lockscope::ui
