import CNcurses
print("optolink-dash: not built yet")
