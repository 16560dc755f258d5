{"tag_list":{"theme_id":1},"square_list":[{"name":"审帖","url":"mod://BDJ_To_Check"}]}
