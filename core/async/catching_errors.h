// Runs a root coroutine (one nobody awaits: a client's workload, a watchdog's renewals, a task
// a test spawns) and hands what it throws to a callback. Without this the exception would sit
// unread in the finished frame and vanish with it: the run would carry on as if the renewals
// were still going, or a client had simply stopped.
#pragma once

#include "task.h"

#include <QCoreApplication>
#include <QString>

#include <exception>

namespace lockscope {

// The message of the exception being handled (call inside a catch block only).
inline QString currentExceptionMessage()
{
    try {
        throw;
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    } catch (...) {
        return QCoreApplication::translate("Task", "an exception that is not a std::exception");
    }
}

// onError(QString) runs inside the coroutine that threw, at the point the exception left it.
template <typename OnError> Task<void> catchingErrors(Task<void> task, OnError onError)
{
    QString message;
    try {
        co_await std::move(task);
        co_return;
    } catch (...) {
        message = currentExceptionMessage();
    }
    onError(message);
}

} // namespace lockscope
