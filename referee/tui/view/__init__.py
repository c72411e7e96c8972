"""The players' view (``referee view FILE --side SIDE``): a read-only app that follows the file as
the referee's app or the commands save it, showing what one side may know."""
