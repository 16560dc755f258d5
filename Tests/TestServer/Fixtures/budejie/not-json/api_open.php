<html><body>502 Bad Gateway</body></html>
