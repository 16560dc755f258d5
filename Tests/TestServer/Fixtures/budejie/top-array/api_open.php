[{"name":"审帖","url":"mod://BDJ_To_Check"}]
