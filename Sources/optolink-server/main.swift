print("optolink-server: not built yet")
