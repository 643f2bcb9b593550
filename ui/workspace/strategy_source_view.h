// The strategy source panel: the commands and Lua scripts a strategy sends, with the step a client
// is executing at the playback instant highlighted in that client's colour.
#pragma once

#include "strategy_source.h"

#include <QPlainTextEdit>

namespace lockscope::ui {

class StrategySourceView final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit StrategySourceView(QWidget *parent = nullptr);

    void setSource(const StrategySource &source);
    const StrategySource &source() const { return m_source; }
    // Highlights step `step` (-1: none) in `color`.
    void setCurrentStep(int step, const QColor &color);
    int currentStep() const { return m_step; }

private:
    StrategySource m_source;
    int m_step = -1;
    QColor m_color;
};

} // namespace lockscope::ui
