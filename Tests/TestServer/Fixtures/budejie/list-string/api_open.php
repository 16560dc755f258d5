{"info":{"count":1},"square_list":"maintenance"}
